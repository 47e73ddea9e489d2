/**
 * Split layers' state (pure): the divider position, each side's map style and each splittable layer's side; what
 * the map is asked for (`LayerSplit`), the share-link form, and the divider's keyboard steps.
 *
 * Share link (parameter `split`): `position,leftStyle,rightStyle[,overlayId.side…]`, e.g. `0.4,-,dark,buildings.l`:
 * the position 0–1, a manifests/basemaps id or `-` (the map's own style) per side, then the layers not on both sides
 * (`l` left, `r` right).
 */
import type { LayerSplit, SplitSide } from '../../core/plugin/types';
import type { BaseMapSource } from '../../core/map/baseMaps';

export interface SplitState {
  /** Divider position, fraction of the map's width from its left edge, 0–1. */
  position: number;
  /** A manifests/basemaps id drawn over the map on that side; null: the map's own style there. */
  leftBaseMapId: string | null;
  rightBaseMapId: string | null;
  /** Overlay id → side, for the layers not on both sides. */
  overlaySides: Readonly<Record<string, 'left' | 'right'>>;
}

/** Where the divider starts, and the style the right side starts with (the left keeps the map's own). */
export function initialSplitState(baseMapIds: readonly string[]): SplitState {
  const right = ['dark', 'ortho', 'grey'].find((id) => baseMapIds.includes(id)) ?? null;
  return { position: 0.5, leftBaseMapId: null, rightBaseMapId: right, overlaySides: {} };
}

/** The side a layer shows on. */
export function sideOf(state: SplitState, overlayId: string): SplitSide {
  return state.overlaySides[overlayId] ?? 'both';
}

/** `state` with `overlayId` on `side`. */
export function withSide(state: SplitState, overlayId: string, side: SplitSide): SplitState {
  const overlaySides = { ...state.overlaySides };
  if (side === 'both') delete overlaySides[overlayId];
  else overlaySides[overlayId] = side;
  return { ...state, overlaySides };
}

/** What the map is asked for: the map's own base map on both sides, a chosen style drawn over it on its side. */
export function layerSplitOf(state: SplitState, baseMapOf: (id: string) => BaseMapSource | undefined): LayerSplit {
  const sideBaseMaps: Array<{ side: 'left' | 'right'; baseMap: BaseMapSource }> = [];
  for (const [side, id] of [
    ['left', state.leftBaseMapId],
    ['right', state.rightBaseMapId],
  ] as const) {
    const baseMap = id ? baseMapOf(id) : undefined;
    if (baseMap) sideBaseMaps.push({ side, baseMap });
  }
  return { position: state.position, baseMapSide: 'both', sideBaseMaps, overlaySides: { ...state.overlaySides } };
}

// ---- the divider from the keyboard ------------------------------------------------------------------------------

/** One arrow key press moves the divider 2 % of the map's width; Page Up / Page Down 10 %. */
export const DIVIDER_STEP = 0.02;
export const DIVIDER_PAGE_STEP = 0.1;

/** The divider position after `key` (a `KeyboardEvent.key`), or null when the key does not move it. */
export function dividerAfterKey(position: number, key: string): number | null {
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - DIVIDER_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + DIVIDER_STEP);
    case 'PageDown':
      return clamp(position - DIVIDER_PAGE_STEP);
    case 'PageUp':
      return clamp(position + DIVIDER_PAGE_STEP);
    case 'Home':
      return 0;
    case 'End':
      return 1;
    default:
      return null;
  }
}

/** The divider position under a pointer at `clientX` over a map spanning `left` to `left + width` (CSS pixels). */
export function dividerAtPointer(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return 0.5;
  return Math.round(Math.min(1, Math.max(0, (clientX - left) / width)) * 1000) / 1000;
}

// ---- share link ---------------------------------------------------------------------------------------------------

export function encodeSplitState(state: SplitState): string {
  const sides = Object.entries(state.overlaySides)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, side]) => `${id}.${side === 'left' ? 'l' : 'r'}`);
  return [String(Math.round(state.position * 1000) / 1000), state.leftBaseMapId ?? '-', state.rightBaseMapId ?? '-', ...sides].join(',');
}

/** The state of a share-link text; an `Error` naming the part that is wrong. */
export function decodeSplitState(text: string, baseMapIds: readonly string[]): SplitState {
  const [positionText = '', left = '', right = '', ...sides] = text.split(',');
  const position = Number(positionText);
  if (positionText.trim() === '' || !Number.isFinite(position) || position < 0 || position > 1) {
    throw new Error(`the divider position must be a number from 0 to 1, not "${positionText}"`);
  }
  const style = (id: string, side: string) => {
    if (id === '-') return null;
    if (!baseMapIds.includes(id)) throw new Error(`the ${side} side's map style "${id}" does not exist`);
    return id;
  };
  const overlaySides: Record<string, 'left' | 'right'> = {};
  for (const entry of sides) {
    const match = /^([a-z0-9-]+)\.([lr])$/.exec(entry);
    if (!match) throw new Error(`"${entry}" is not a layer and its side (id.l or id.r)`);
    overlaySides[match[1]] = match[2] === 'l' ? 'left' : 'right';
  }
  return { position, leftBaseMapId: style(left, 'left'), rightBaseMapId: style(right, 'right'), overlaySides };
}
