/**
 * The slow-client notice: shown while the core store's `slowClientWarnings` is on; offers light mode
 * ("Switch to light mode") or silences itself for the session ("Not now"). Announced politely; it takes no
 * focus, so it never interrupts a pan, and both buttons are reachable with the keyboard.
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
  if (!shown || !controller) return null;
  return (
    <section className="slow-client-notice" aria-labelledby={messageId} data-testid="slow-client-notice">
      <p id={messageId} role="status" className="slow-client-notice__message">
        {intl.formatMessage({ id: 'slowClient.notice.message' })}
      </p>
      <div className="slow-client-notice__actions">
        <button type="button" className="slow-client-notice__switch" onClick={() => controller.switchToLightMode()}>
          {intl.formatMessage({ id: 'slowClient.notice.switch' })}
        </button>
        <button type="button" className="slow-client-notice__later" onClick={() => controller.notNow()}>
          {intl.formatMessage({ id: 'slowClient.notice.notNow' })}
        </button>
      </div>
    </section>
  );
}
