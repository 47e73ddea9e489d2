/**
 * The disclaimer of an overlay with `hasDisclaimer` (SPEC §3 extra.hasDisclaimer; lot boundaries): shown when
 * the overlay is switched on and its disclaimer has not been accepted in this session. Accepting records it in
 * the store (the overlay engine then draws the layer); not accepting, or Escape, switches the overlay off again.
 * Modal, focus trapped, focus returns to where it was.
 */
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { OverlayManifest } from '../../core/manifests/schemas';
import type { Language } from '../../core/plugin/types';
import type { AppStore, OverlayFlags } from '../../core/store/appStore';
import { ModalDialog } from '../components/ModalDialog';

export interface OverlayDisclaimerDialogProps {
  store: AppStore;
  manifests: ReadonlyArray<OverlayManifest>;
}

/** The overlay whose disclaimer waits for an answer: shown, with a disclaimer, not yet accepted; lowest `order` first. */
export function pendingDisclaimer(manifests: ReadonlyArray<OverlayManifest>, overlays: Readonly<Record<string, OverlayFlags>>): OverlayManifest | null {
  const waiting = manifests.filter(
    (manifest) => manifest.hasDisclaimer && manifest.disclaimer && overlays[manifest.id]?.shown && !overlays[manifest.id]?.disclaimerAccepted,
  );
  return waiting.sort((a, b) => a.order - b.order)[0] ?? null;
}

export function OverlayDisclaimerDialog({ store, manifests }: OverlayDisclaimerDialogProps) {
  const overlays = useStore(store, (state) => state.overlays);
  const pending = pendingDisclaimer(manifests, overlays);
  if (!pending) return null;
  return <DisclaimerDialog key={pending.id} store={store} manifest={pending} />;
}

function DisclaimerDialog({ store, manifest }: { store: AppStore; manifest: OverlayManifest }) {
  const intl = useIntl();
  const language = intl.locale as Language;
  const disclaimer = manifest.disclaimer!;
  const textId = `overlay-disclaimer-text-${manifest.id}`;
  const accept = () => store.getState().acceptOverlayDisclaimer(manifest.id);
  const decline = () => store.getState().setOverlayShown(manifest.id, false);
  // Paragraphs are separated by blank lines in the manifest text.
  const paragraphs = disclaimer.text[language].split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');

  return (
    <ModalDialog
      title={disclaimer.title[language]}
      className="overlay-disclaimer"
      role="alertdialog"
      onDismiss={decline}
      dismissOnBackdrop={false}
      describedBy={textId}
      data={{ 'data-overlay': manifest.id }}
    >
      <div id={textId} className="overlay-disclaimer__text">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <div className="overlay-disclaimer__actions">
        <button type="button" className="button" onClick={decline}>
          {intl.formatMessage({ id: 'map.disclaimer.decline' })}
        </button>
        <button type="button" className="button button--primary" onClick={accept}>
          {intl.formatMessage({ id: 'map.disclaimer.accept' })}
        </button>
      </div>
    </ModalDialog>
  );
}

export default OverlayDisclaimerDialog;
