/**
 * The download terms dialog (SPEC §4 "Download terms dialog: accept or not accept before a download starts").
 * Modal with a focus trap; Escape or "Not accept" declines. The summary sits in the dialog; the full Terms and
 * Conditions of Use live in the About dialog, which the link opens on top (this dialog's trap pauses meanwhile
 * so focus can move into the About dialog, and resumes when it closes).
 */
import { useId, useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useFocusTrap } from '../../../components/useFocusTrap';
import { useShellStore } from '../../../state/shellStore';
import './gridDownload.css';

export interface TermsDialogProps {
  open: boolean;
  onAccept(): void;
  onDecline(): void;
}

/** Message ids of the summary paragraphs (locales/<lang>/download.json). */
export const TERMS_SUMMARY_IDS = ['download.terms.summary.p1', 'download.terms.summary.p2', 'download.terms.summary.p3'] as const;

export function TermsDialog({ open, onAccept, onDecline }: TermsDialogProps) {
  if (!open) return null;
  return <TermsDialogContent onAccept={onAccept} onDecline={onDecline} />;
}

function TermsDialogContent({ onAccept, onDecline }: Omit<TermsDialogProps, 'open'>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const aboutOpen = useShellStore((state) => state.aboutSection !== null);
  const openAbout = useShellStore((state) => state.openAbout);
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const acceptRef = useRef<HTMLButtonElement | null>(null);
  const baseId = useId();
  useFocusTrap(dialogRef, !aboutOpen, acceptRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDecline();
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onDecline()}>
      <div
        ref={dialogRef}
        className="dialog terms-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${baseId}-title`}
        aria-describedby={`${baseId}-body`}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__header">
          <h2 id={`${baseId}-title`} className="dialog__title">
            {t('download.terms.title')}
          </h2>
        </div>
        <div id={`${baseId}-body`} className="terms-dialog__body">
          {TERMS_SUMMARY_IDS.map((id) => (
            <p key={id}>{t(id)}</p>
          ))}
          <p>
            <button type="button" className="link-button" onClick={() => openAbout('terms')}>
              {t('download.terms.full')}
            </button>
          </p>
        </div>
        <div className="terms-dialog__actions">
          <button type="button" className="button" onClick={onDecline}>
            {t('download.terms.decline')}
          </button>
          <button ref={acceptRef} type="button" className="button button--primary" onClick={onAccept}>
            {t('download.terms.accept')}
          </button>
        </div>
      </div>
    </div>
  );
}
