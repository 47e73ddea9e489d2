/**
 * The multi view panel (slot `map.top-left`, shown while the tool's multi view is on): how many views (2, 3 or 4; two
 * at most on a narrow map), and for each view beside the main map its map style, terrain and buildings; a button back
 * to one map. Native selects, radio buttons and a checkbox, so every choice works from the keyboard.
 */
import { useId, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useAppStore } from '../../../core/store';
import type { MultiViewChoices } from '../choices';
import { MAX_VIEWS, NARROW_MAP_WIDTH } from '../layout';
import { multiViewPanel } from '../panelState';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './multiView.css';

export default function MultiViewPanel() {
  const panel = multiViewPanel();
  const on = useAppStore((state) => state.multiView);
  useSyncExternalStore(panel?.subscribe ?? noSubscription, panel?.version ?? zero);
  if (!panel || !on || !panel.isToolOpen()) return null;
  return <Panel />;
}

const noSubscription = () => () => {};
const zero = () => 0;

function Panel() {
  const panel = multiViewPanel()!;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const countId = useId();
  const choices = panel.choices();
  const narrow = typeof window !== 'undefined' && window.innerWidth < NARROW_MAP_WIDTH;
  const baseMaps = panel.knownBaseMaps();
  const terrains = panel.knownTerrains();
  const problem = panel.problem();
  const shownCount = narrow ? Math.min(2, choices.count) : choices.count;

  const setCompanion = (index: number, change: Partial<MultiViewChoices['companions'][number]>) => {
    const companions = [...choices.companions] as MultiViewChoices['companions'];
    companions[index] = { ...companions[index], ...change };
    panel.choose({ ...choices, companions });
  };

  return (
    <section className="map-panel multi-view-panel" aria-labelledby={titleId} data-testid="multi-view-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('multi-view.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('multi-view.exit')} onClick={() => panel.exit()}>
          ×
        </button>
      </div>
      <div className="map-panel__body multi-view-panel__body">
        <fieldset className="multi-view-panel__count">
          <legend id={countId}>{t('multi-view.count')}</legend>
          {Array.from({ length: MAX_VIEWS - 1 }, (_, index) => index + 2).map((count) => (
            <label key={count}>
              <input
                type="radio"
                name={countId}
                value={count}
                checked={shownCount === count}
                disabled={narrow && count > 2}
                onChange={() => panel.choose({ ...choices, count })}
              />
              {t('multi-view.count.option', { count })}
            </label>
          ))}
        </fieldset>
        {narrow ? <p className="multi-view-panel__hint">{t('multi-view.narrow')}</p> : null}
        <p className="multi-view-panel__hint">{t('multi-view.mainHint')}</p>
        {choices.companions.slice(0, shownCount - 1).map((choice, index) => (
          <fieldset key={index} className="multi-view-panel__view" data-view={index + 2}>
            <legend>{t('multi-view.view.legend', { number: index + 2 })}</legend>
            <label>
              <span>{t('multi-view.style')}</span>
              <select value={choice.baseMapId} onChange={(event) => setCompanion(index, { baseMapId: event.target.value })}>
                {baseMaps.map((baseMap) => (
                  <option key={baseMap.id} value={baseMap.id} disabled={!baseMap.available}>
                    {baseMap.available ? baseMap.name : t('multi-view.style.unavailable', { name: baseMap.name })}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('multi-view.terrain')}</span>
              <select value={choice.terrainId} onChange={(event) => setCompanion(index, { terrainId: event.target.value })}>
                {terrains.map((terrain) => (
                  <option key={terrain.id} value={terrain.id}>
                    {terrain.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="multi-view-panel__check">
              <input type="checkbox" checked={choice.buildings} onChange={(event) => setCompanion(index, { buildings: event.target.checked })} />
              {t('multi-view.buildings')}
            </label>
          </fieldset>
        ))}
        <p className="multi-view-panel__hint">{t('multi-view.syncHint')}</p>
        {problem ? (
          <p className="multi-view-panel__problem" role="alert">
            {t('multi-view.failed', { reason: problem })}
          </p>
        ) : null}
        <button type="button" className="ui-button" onClick={() => panel.exit()}>
          {t('multi-view.exit')}
        </button>
      </div>
    </section>
  );
}
