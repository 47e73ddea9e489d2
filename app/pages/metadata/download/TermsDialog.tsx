/**
 * The download terms dialog (SPEC §4 "Download terms dialog: accept or not accept before a download starts").
 * Modal with a focus trap; Escape or "Not accept" declines. The summary sits in the dialog; the full Terms and
 * Conditions of Use live in the About dialog, which the link opens on top (this dialog's trap pauses meanwhile
 * so focus can move into the About dialog, and resumes when it closes).
 */
import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ModalDialog } from '../../../components/ModalDialog';
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
  const acceptRef = useRef<HTMLButtonElement | null>(null);
  const bodyId = useId();

  return (
    <ModalDialog
      title={t('download.terms.title')}
      className="terms-dialog"
      onDismiss={onDecline}
      initialFocus={acceptRef}
      trapFocus={!aboutOpen}
      describedBy={bodyId}
    >
      <div id={bodyId} className="terms-dialog__body">
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
    </ModalDialog>
  );
}
