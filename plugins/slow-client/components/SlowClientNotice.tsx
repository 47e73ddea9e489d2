/**
 * The slow-client notice: shown while the core store's `slowClientWarnings` is on, that is when light mode came
 * on without the user choosing it. It says why (what was measured, or the software renderer), that light mode
 * can also be switched with the light-mode tool, and offers "Turn off light mode" and "Keep light mode".
 * Announced politely; it takes no focus, so it never interrupts a pan; both buttons are reachable by keyboard.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { appStore } from '../../../core/store';
import { slowClient } from '../context';
import './slow-client-notice.css';

export default function SlowClientNotice() {
  const intl = useIntl();
  const controller = slowClient();
  const shown = useStore(controller?.store ?? appStore, (state) => state.slowClientWarnings);
  const messageId = useId();
  const reason = controller?.reason() ?? null;
  if (!shown || !controller || !reason) return null;
  const message =
    reason.kind === 'measured'
      ? intl.formatMessage({ id: 'slowClient.notice.measured' }, { framesPerSecond: reason.framesPerSecond })
      : intl.formatMessage({ id: 'slowClient.notice.software' }, { renderer: reason.renderer });
  return (
    <section className="slow-client-notice" aria-labelledby={messageId} data-testid="slow-client-notice" data-reason={reason.kind}>
      <div id={messageId} role="status" className="slow-client-notice__message">
        <p>{message}</p>
        <p>{intl.formatMessage({ id: 'slowClient.notice.howToTurnOff' })}</p>
      </div>
      <div className="slow-client-notice__actions">
        <button type="button" className="slow-client-notice__switch" onClick={() => controller.turnOff()}>
          {intl.formatMessage({ id: 'slowClient.notice.turnOff' })}
        </button>
        <button type="button" className="slow-client-notice__later" onClick={() => controller.keep()}>
          {intl.formatMessage({ id: 'slowClient.notice.keep' })}
        </button>
      </div>
    </section>
  );
}
