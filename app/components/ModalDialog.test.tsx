// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog, type ModalDialogProps } from './ModalDialog';

afterEach(cleanup);

/** A page with an opener button; the dialog is open until dismissed. */
function Page(props: Partial<ModalDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <ModalDialog title="Terms" className="test-dialog" onDismiss={() => setOpen(false)} describedBy="body" {...props}>
          <p id="body">Read this.</p>
          <button type="button">Agree</button>
        </ModalDialog>
      )}
    </>
  );
}

function open(props: Partial<ModalDialogProps> = {}) {
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('ModalDialog', () => {
  it('is a labelled, described modal dialog whose close button takes the focus and gives it back on closing', () => {
    const opener = open({ closeLabel: 'Close' });
    const dialog = screen.getByRole('dialog', { name: 'Terms', description: 'Read this.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.className).toBe('dialog test-dialog');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape and on a click on the backdrop, not on a click inside', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Terms' });
    expect(document.activeElement).toBe(dialog);
    fireEvent.mouseDown(screen.getByText('Read this.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an alert dialog that must be answered ignores the backdrop but still answers Escape', () => {
    const dismissed = vi.fn();
    render(
      <ModalDialog title="Disclaimer" className="test-dialog" role="alertdialog" dismissOnBackdrop={false} onDismiss={dismissed} data={{ 'data-overlay': 'lots' }}>
        <p>Lots are indicative.</p>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Disclaimer' });
    expect(dialog.getAttribute('data-overlay')).toBe('lots');
    fireEvent.mouseDown(dialog.parentElement!);
    expect(dismissed).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dismissed).toHaveBeenCalledTimes(1);
  });
});
