/**
 * Streetscape 360's drawer (full height, beside the map; on a phone the panorama on top and the map below): the
 * covered streets and "the nearest panorama to the map centre" (the keyboard's ways in) while no panorama is open;
 * the viewer (PanoramaViewer, its own lazy chunk with Photo Sphere Viewer) and the measuring panel while one is.
 * No Cesium, no viewer library here.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import type { PluginContext } from '../../../core/plugin/types';
import { streetscapeRuntime } from '../context';
import type { StreetscapeController } from '../controller';
import { coveredStreets } from '../panoramas';
import '../../../core/ui/controls.css';
import './streetscape.css';

const PanoramaViewer = lazy(() => import('./PanoramaViewer'));

export default function StreetscapePanel() {
  const runtime = streetscapeRuntime();
  if (!runtime) return null;
  return <Panel controller={runtime.controller} ctx={runtime.ctx} />;
}

function Panel({ controller, ctx }: { controller: StreetscapeController; ctx: PluginContext }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.state);
  if (state.open) {
    return (
      <div className="streetscape streetscape--viewing" data-testid="streetscape-panel">
        <Suspense fallback={<p className="streetscape__status">{t('streetscape.viewer.loadingImage')}</p>}>
          <PanoramaViewer controller={controller} ctx={ctx} />
        </Suspense>
      </div>
    );
  }
  const { status, data } = state.index;
  const streets = data ? coveredStreets(data, ctx.i18n.language()) : [];
  const bySet = new Map<string, typeof streets>();
  for (const street of streets) bySet.set(street.setName, [...(bySet.get(street.setName) ?? []), street]);
  return (
    <div className="streetscape" data-testid="streetscape-panel">
      <p className="streetscape__hint">{t('streetscape.hint')}</p>
      <button type="button" className="ui-button ui-button--primary" onClick={() => void controller.openAtMapCentre()}>
        {t('streetscape.openCentre')}
      </button>
      {status === 'loading' || status === 'idle' ? <p className="streetscape__status">{t('streetscape.loading')}</p> : null}
      {status === 'failed' ? (
        <div className="streetscape__status" role="alert">
          <p>{t('streetscape.unavailable')}</p>
          <button type="button" className="ui-button" onClick={() => void controller.reload()}>
            {t('streetscape.retry')}
          </button>
        </div>
      ) : null}
      {status === 'ready' && streets.length === 0 ? <p className="streetscape__status">{t('streetscape.none')}</p> : null}
      {streets.length > 0 ? (
        <section className="streetscape__streets" aria-label={t('streetscape.streets.title')}>
          <h3>{t('streetscape.streets.title')}</h3>
          {[...bySet].map(([setName, setStreets]) => (
            <div key={setName} className="streetscape__set">
              <h4>{setName}</h4>
              <ul>
                {setStreets.map((street) => (
                  <li key={street.key}>
                    <button type="button" className="ui-button streetscape__street" onClick={() => void controller.open(street.first.id, 'list')}>
                      {t('streetscape.streets.open', { street: street.name, count: street.count })}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
