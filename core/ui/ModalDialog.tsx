/**
 * The portal's modal dialog: a backdrop, a labelled `dialog` (or `alertdialog`) with its title in the header,
 * focus kept inside while open and given back when it closes, and Escape to dismiss. Every modal of the app is
 * one of these, so they all behave alike for keyboard and screen-reader users.
 */
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { Icon } from './Icon';
import { useFocusTrap } from './useFocusTrap';

export interface ModalDialogProps {
  title: ReactNode;
  /** Class of the dialog box besides `dialog`, for its own layout. */
  className: string;
  /** Escape, the close button and (unless `dismissOnBackdrop` is false) a click on the backdrop. */
  onDismiss(): void;
  /** `alertdialog` for a question that must be answered (a disclaimer). */
  role?: 'dialog' | 'alertdialog';
  /** Accessible name of a close button in the header; without it the dialog has none (its own buttons answer). */
  closeLabel?: string;
  /** What gets focus on opening; by default the close button, or the dialog box when there is none. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** False while a dialog opened on top of this one holds the focus. */
  trapFocus?: boolean;
  dismissOnBackdrop?: boolean;
  /** Id of the element in `children` whose text describes the dialog (`aria-describedby`). */
  describedBy?: string;
  /** `data-*` attributes for the dialog box. */
  data?: Readonly<Record<`data-${string}`, string>>;
  children: ReactNode;
}

export function ModalDialog({
  title,
  className,
  onDismiss,
  role = 'dialog',
  closeLabel,
  initialFocus,
  trapFocus = true,
  dismissOnBackdrop = true,
  describedBy,
  data,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const closeRef = useRef<HTMLButtonElement | null>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, trapFocus, initialFocus ?? (closeLabel !== undefined ? closeRef : undefined));
  return (
    <div className="dialog-backdrop" onMouseDown={(event) => dismissOnBackdrop && event.target === event.currentTarget && onDismiss()}>
      <div
        ref={dialogRef}
        className={`dialog ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          onDismiss();
        }}
        {...data}
      >
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {closeLabel !== undefined && (
            <button ref={closeRef} type="button" className="icon-button icon-button--plain" aria-label={closeLabel} onClick={onDismiss}>
              <Icon name="close" />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
