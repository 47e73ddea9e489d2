/**
 * The VR view's panel (slot `map.top-left`): that the stereo view is on, how it is steered (turning the device, or
 * dragging; a note when the motion sensors were refused) and, in its title bar, the Exit button, which switches the tool off through
 * the store so its button and analytics follow.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { appStore } from '../../../core/store';
import { vrController } from '../context';
import { VR_TOOL, type VrController } from '../vrController';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './vr.css';

export default function VrPanel() {
  const controller = vrController();
  if (!controller) return null;
  return <Panel controller={controller} />;
}

function Panel({ controller }: { controller: VrController }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  const titleId = useId();
  if (!state.active) return null;
  return (
    <section className="map-panel vr-panel" aria-labelledby={titleId} data-testid="vr-panel" data-steering={state.steering}>
      {/* The way out first, in the title bar: the panel may be cut short where the map's corner is small. */}
      <div className="map-panel__header">
        <h2 id={titleId}>{t('vr.title')}</h2>
        <button type="button" className="ui-button ui-button--primary" aria-label={t('vr.exit')} onClick={() => appStore.getState().setToggle(VR_TOOL, false)}>
          {t('vr.exitShort')}
        </button>
      </div>
      <div className="map-panel__body vr-panel__body">
        <p role="status" aria-live="polite">
          {t(state.steering === 'orientation' ? 'vr.steering.orientation' : 'vr.steering.drag')}
        </p>
        {state.sensorsRefused ? <p>{t('vr.sensorsRefused')}</p> : null}
      </div>
    </section>
  );
}
