/**
 * The split divider and the side labels (slot `map.overlay`, drawn through a portal over the map itself while split
 * layers is on). The divider is a focusable `role="separator"`: dragged by mouse or finger (pointer events, captured
 * while dragging), moved 2 % per arrow key, 10 % per Page Up/Down, to the edges with Home/End; `aria-valuenow` is
 * its position in per cent. Each side's label names its map style and the layers shown on that side only.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useAppStore } from '../../../core/store';
import type { Language } from '../../../core/plugin/types';
import { dividerAfterKey, dividerAtPointer } from '../splitState';
import { sideLayerNames, sideStyleName } from './sideLabels';
import { useSplitLayers } from './useSplitLayers';
import './splitLayers.css';

export default function SplitDivider() {
  const on = useAppStore((state) => state.splitLayers);
  // Re-rendered when overlays are shown or hidden, so the labels name what is there.
  useAppStore((state) => state.overlays);
  const { context, state } = useSplitLayers();
  const intl = useIntl();
  const dragging = useRef(false);
  const area = context?.mapArea();
  if (!on || !context || !state || !area) return null;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const overlays = context.splittableOverlays();
  const label = (side: 'left' | 'right') => {
    const style = sideStyleName(context, state, side, language) ?? t('split-layers.ownStyle');
    return [style, ...sideLayerNames(overlays, state, side, language)].join(' · ');
  };
  const percent = Math.round(state.position * 100);
  const move = (position: number) => context.controller.set({ ...context.controller.state(), position });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = dividerAfterKey(state.position, event.key);
    if (next === null) return;
    event.preventDefault();
    move(next);
  };
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    if (!Number.isFinite(event.clientX)) return;
    const box = area.getBoundingClientRect();
    move(dividerAtPointer(event.clientX, box.left, box.width));
  };

  return createPortal(
    <div className="split-layers" data-testid="split-layers">
      <div className="split-layers__label split-layers__label--left" style={{ right: `${100 - state.position * 100}%` }}>
        {t('split-layers.label.left', { what: label('left') })}
      </div>
      <div className="split-layers__label split-layers__label--right" style={{ left: `${state.position * 100}%` }}>
        {t('split-layers.label.right', { what: label('right') })}
      </div>
      <div
        className="split-layers__divider"
        style={{ left: `${state.position * 100}%` }}
        role="separator"
        aria-orientation="vertical"
        aria-label={t('split-layers.divider')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('split-layers.divider.value', { percent })}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          event.currentTarget.focus();
          event.preventDefault();
        }}
        onPointerMove={(event) => {
          if (dragging.current) follow(event);
        }}
        onPointerUp={(event) => {
          if (!dragging.current) return;
          dragging.current = false;
          follow(event);
        }}
        onPointerCancel={() => {
          dragging.current = false;
        }}
      >
        <span className="split-layers__handle" aria-hidden="true">
          ⇔
        </span>
      </div>
    </div>,
    area,
  );
}
