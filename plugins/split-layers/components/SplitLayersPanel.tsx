/**
 * The split layers panel (slot `map.top-left`, while split layers is on): each side's map style (the map's own or
 * another manifests/basemaps style), each shown imagery or 3D Tiles layer's side (left, both, right), how to move
 * the divider, and "End split". Native selects and radio buttons, so all of it works from the keyboard.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useAppStore } from '../../../core/store';
import type { Language, SplitSide } from '../../../core/plugin/types';
import { sideOf, withSide, type SplitState } from '../splitState';
import { useSplitLayers } from './useSplitLayers';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './splitLayers.css';

const SIDES: readonly SplitSide[] = ['left', 'both', 'right'];

export default function SplitLayersPanel() {
  const on = useAppStore((state) => state.splitLayers);
  useAppStore((state) => state.overlays);
  const { context, state } = useSplitLayers();
  const intl = useIntl();
  const titleId = useId();
  const layersId = useId();
  if (!on || !context || !state) return null;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const overlays = context.splittableOverlays();
  const set = (next: SplitState) => context.controller.set(next);

  const styleSelect = (side: 'left' | 'right') => {
    const value = (side === 'left' ? state.leftBaseMapId : state.rightBaseMapId) ?? '';
    return (
      <label className="split-layers-panel__style">
        <span>{t(`split-layers.style.${side}`)}</span>
        <select
          value={value}
          data-side={side}
          onChange={(event) => {
            const id = event.target.value || null;
            set(side === 'left' ? { ...state, leftBaseMapId: id } : { ...state, rightBaseMapId: id });
          }}
        >
          <option value="">{t('split-layers.ownStyle')}</option>
          {context.baseMaps.map((baseMap) => {
            const available = context.baseMapAvailable(baseMap.id);
            return (
              <option key={baseMap.id} value={baseMap.id} disabled={!available}>
                {available ? baseMap.name[language] : t('split-layers.style.unavailable', { name: baseMap.name[language] })}
              </option>
            );
          })}
        </select>
      </label>
    );
  };

  return (
    <section className="map-panel split-layers-panel" aria-labelledby={titleId} data-testid="split-layers-panel">
      <div className="map-panel__header">
        <h2 id={titleId}>{t('split-layers.title')}</h2>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('split-layers.end')} onClick={() => context.end()}>
          ×
        </button>
      </div>
      <div className="map-panel__body split-layers-panel__body">
        {styleSelect('left')}
        {styleSelect('right')}
        <h3 id={layersId} className="split-layers-panel__subtitle">
          {t('split-layers.layers')}
        </h3>
        {overlays.length === 0 ? (
          <p className="split-layers-panel__hint">{t('split-layers.layers.none')}</p>
        ) : (
          <ul className="split-layers-panel__layers" aria-labelledby={layersId}>
            {overlays.map((overlay) => (
              <li key={overlay.id}>
                <fieldset>
                  <legend>{overlay.name[language]}</legend>
                  {SIDES.map((side) => (
                    <label key={side}>
                      <input
                        type="radio"
                        name={`${titleId}-${overlay.id}`}
                        value={side}
                        checked={sideOf(state, overlay.id) === side}
                        onChange={() => set(withSide(state, overlay.id, side))}
                      />
                      {t(`split-layers.side.${side}`)}
                    </label>
                  ))}
                </fieldset>
              </li>
            ))}
          </ul>
        )}
        <p className="split-layers-panel__hint">{t('split-layers.layers.notSplit')}</p>
        <p className="split-layers-panel__hint">{t('split-layers.dividerHint')}</p>
        <button type="button" className="ui-button" onClick={() => context.end()}>
          {t('split-layers.end')}
        </button>
      </div>
    </section>
  );
}
