/**
 * The map style drawer body: the base-map styles as a radio group with a small preview tile of each, four
 * sliders (brightness, contrast, hue, saturation) that change the base imagery while they move, and a reset.
 */
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { IMAGERY_ADJUSTMENT_RANGES, type ImageryAdjustments } from '../../../core/map/baseMaps';
import type { BaseMapManifest } from '../../../core/manifests/schemas';
import type { Language } from '../../../core/plugin/types';
import { appStore } from '../../../core/store';
import { mapStyleController } from '../context';
import { mapStyleSlice } from '../mapStyle';
import '../../../core/ui/controls.css';
import './map-style-drawer.css';

/** The tile shown as a style's preview: zoom 11 over Tai Mo Shan, Tsuen Wan and the Rambler Channel. */
const PREVIEW_TILE = { z: 11, x: 1673, y: 892 };

function previewUrl(baseMap: BaseMapManifest): string {
  return baseMap.url.replace('{z}', `${PREVIEW_TILE.z}`).replace('{x}', `${PREVIEW_TILE.x}`).replace('{y}', `${PREVIEW_TILE.y}`);
}

const SLIDERS: ReadonlyArray<keyof ImageryAdjustments> = ['brightness', 'contrast', 'hue', 'saturation'];

/**
 * Hue is kept in radians (Cesium's unit) but its slider moves in whole degrees, so the browser's snapping to the
 * step keeps 0 exactly 0; the others are factors, shown with two decimals.
 */
const SLIDER_SCALE: Record<keyof ImageryAdjustments, number> = { brightness: 1, contrast: 1, hue: 180 / Math.PI, saturation: 1 };

/** A value in slider units, rounded so that floating-point noise never moves a slider off its step. */
function toSlider(name: keyof ImageryAdjustments, value: number): number {
  return Math.round(value * SLIDER_SCALE[name] * 1000) / 1000;
}

function formatAdjustment(name: keyof ImageryAdjustments, value: number): string {
  return name === 'hue' ? `${Math.round(toSlider(name, value))}°` : value.toFixed(2);
}

export default function MapStyleDrawer() {
  const intl = useIntl();
  const language = intl.locale as Language;
  const controller = mapStyleController();
  const state = useStore(controller?.store ?? appStore, (store) => mapStyleSlice.select(store));
  const groupName = useId();

  useEffect(() => {
    void controller?.checkAvailability();
  }, [controller]);

  if (!controller) return null;
  const unavailable = (baseMap: BaseMapManifest) => baseMap.availabilityUrl !== undefined && state.availability[baseMap.id] !== true;
  const checking = (baseMap: BaseMapManifest) => baseMap.availabilityUrl !== undefined && state.availability[baseMap.id] === undefined;

  return (
    <div className="map-style-drawer">
      <fieldset className="map-style-drawer__styles">
        <legend>{intl.formatMessage({ id: 'mapStyle.styles.legend' })}</legend>
        {controller.baseMaps.map((baseMap) => {
          const disabled = unavailable(baseMap);
          const hintId = `${groupName}-${baseMap.id}-hint`;
          return (
            <label key={baseMap.id} className={disabled ? 'map-style-drawer__style is-disabled' : 'map-style-drawer__style'} data-style={baseMap.style}>
              <input
                type="radio"
                name={groupName}
                value={baseMap.style}
                checked={state.baseMapId === baseMap.id}
                disabled={disabled}
                aria-describedby={disabled ? hintId : undefined}
                onChange={() => void controller.selectStyle(baseMap.style)}
              />
              {disabled ? (
                <span className="map-style-drawer__preview map-style-drawer__preview--none" aria-hidden="true" />
              ) : (
                <img className="map-style-drawer__preview" src={previewUrl(baseMap)} alt="" width={48} height={48} loading="lazy" />
              )}
              <span className="map-style-drawer__style-text">
                <span>{baseMap.name[language] ?? baseMap.name['en-US']}</span>
                {disabled ? (
                  <span id={hintId} className="map-style-drawer__hint">
                    {intl.formatMessage({ id: checking(baseMap) ? 'mapStyle.checking' : 'mapStyle.notInstalled' })}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </fieldset>

      <fieldset className="map-style-drawer__adjustments">
        <legend>{intl.formatMessage({ id: 'mapStyle.adjustments.legend' })}</legend>
        {SLIDERS.map((name) => {
          const range = IMAGERY_ADJUSTMENT_RANGES[name];
          const value = state.adjustments[name];
          const label = intl.formatMessage({ id: `mapStyle.adjustment.${name}` });
          return (
            <label key={name} className="map-style-drawer__slider">
              <span>{label}</span>
              <input
                type="range"
                min={toSlider(name, range.min)}
                max={toSlider(name, range.max)}
                step={toSlider(name, range.step)}
                value={toSlider(name, value)}
                aria-valuetext={formatAdjustment(name, value)}
                data-adjustment={name}
                onChange={(event) => controller.setAdjustment(name, Number(event.currentTarget.value) / SLIDER_SCALE[name])}
              />
              <output aria-hidden="true">{formatAdjustment(name, value)}</output>
            </label>
          );
        })}
      </fieldset>

      <button type="button" className="ui-button map-style-drawer__reset" onClick={() => controller.reset()}>
        {intl.formatMessage({ id: 'mapStyle.reset' })}
      </button>
    </div>
  );
}
