/**
 * The map state a share link carries, as address contributions (`urlState` registry) of this plugin: the camera,
 * terrain, textured mode, map style and adjustments, the open drawer (the active themed function), the layers shown
 * at start that were switched off, and — where the variant allows it — a place to look at. Each reads the live state
 * for a link and applies a parsed value on arrival. Values are text (the parameter as written), checked by the
 * parsers of ./shareParams.ts before `apply` sees them, so `apply` only ever gets a value it can use.
 */
import { z } from 'zod';
import type { TerrainManifest } from '../../core/manifests/schemas';
import { defaultTerrainSelection, terrainSelectionOf } from '../../core/map/terrains';
import type {
  Disposer,
  DrawerContribution,
  MapFacade,
  OverlayContribution,
  Registry,
  UrlStateContribution,
} from '../../core/plugin/types';
import type { AppStore } from '../../core/store/appStore';
import type { MapStyleApi } from '../map-style/api';
import { DEFAULT_IMAGERY_ADJUSTMENTS } from '../../core/map/baseMaps';
import {
  formatAdjustments,
  formatCamera,
  parseAdjustments,
  parseCamera,
  parseId,
  parseIdList,
  parseLookAt,
  parseStyle,
  parseTextured,
  SHARE_PARAMS,
  type LookAtTarget,
} from './shareParams';

export interface ShareStateServices {
  map: Pick<MapFacade, 'whenReady' | 'cameraState' | 'setView'>;
  store: AppStore;
  overlays: Pick<Registry<OverlayContribution>, 'list' | 'subscribe'>;
  drawers: Pick<Registry<DrawerContribution>, 'list' | 'subscribe'>;
  terrains: readonly TerrainManifest[];
  /** The map style drawer's API, null when the variant has no map style drawer. */
  mapStyle: () => MapStyleApi | null;
  /** Points the camera at a place (./lookAt.ts); absent where the variant has no look-at (flag `lookAt`). */
  lookAt?: (target: LookAtTarget) => void;
}

export interface ShareState {
  contributions: Array<UrlStateContribution<string>>;
  /** Overlay ids shown now (the app's `layers` parameter). */
  shownLayers(): string[];
  /** Stops waiting for overlays and drawers a link named that have not registered yet. */
  dispose: Disposer;
}

/** A schema of the parameter's text that accepts exactly what `parse` can use. */
const textSchema = (parse: (text: string) => unknown, what: string) =>
  z.string().refine((text) => parse(text) !== null, { message: `expected ${what}` });

/**
 * Runs `handle` for each item that registers (now or later) whose id is wanted, once each, until none is left or the
 * disposer is called: a link may name a drawer or overlay whose plugin activates after this one.
 */
function whenRegistered<T extends { id: string }>(registry: Pick<Registry<T>, 'list' | 'subscribe'>, wanted: ReadonlySet<string>, handle: (item: T) => void): Disposer {
  const pending = new Set(wanted);
  let stop: Disposer | null = null;
  const visit = (items: ReadonlyArray<T>) => {
    for (const item of items) {
      if (!pending.delete(item.id)) continue;
      handle(item);
    }
    if (pending.size === 0) stop?.();
  };
  visit(registry.list());
  if (pending.size > 0) stop = registry.subscribe(visit);
  return () => stop?.();
}

export function createShareState(services: ShareStateServices): ShareState {
  const { map, store, overlays, drawers, terrains } = services;
  const waits: Disposer[] = [];
  const shownLayers = () => overlays.list().filter((item) => store.getState().overlays[item.id]?.shown).map((item) => item.id);

  const camera: UrlStateContribution<string> = {
    id: 'share-camera',
    param: SHARE_PARAMS.camera,
    schema: textSchema(parseCamera, 'lon,lat,height[,heading[,pitch[,roll]]] over Hong Kong'),
    apply(text) {
      const view = parseCamera(text)!;
      void map.whenReady().then(() => map.setView(view));
    },
    read() {
      const state = map.cameraState();
      return state ? formatCamera(state) : undefined;
    },
  };

  const terrain: UrlStateContribution<string> = {
    id: 'share-terrain',
    param: SHARE_PARAMS.terrain,
    schema: textSchema((text) => terrains.find((manifest) => manifest.id === parseId(text)) ?? null, 'a terrain id'),
    apply(text) {
      store.getState().setTerrain(terrainSelectionOf(terrains.find((manifest) => manifest.id === text)!));
    },
    // Only a terrain other than the one every page starts with: shorter links, the same view.
    read: () => {
      const { id } = store.getState().terrain;
      return id === defaultTerrainSelection(terrains).id ? undefined : id;
    },
  };

  const textured: UrlStateContribution<string> = {
    id: 'share-textured',
    param: SHARE_PARAMS.textured,
    schema: textSchema(parseTextured, '1 or 0'),
    apply: (text) => store.getState().setTextured(parseTextured(text)!),
    read: () => (store.getState().textured ? undefined : '0'),
  };

  const style: UrlStateContribution<string> = {
    id: 'share-map-style',
    param: SHARE_PARAMS.style,
    schema: textSchema(parseStyle, 'a map style'),
    apply(text) {
      void services.mapStyle()?.selectStyle(parseStyle(text)!);
    },
    read() {
      const api = services.mapStyle();
      const current = api?.current().style;
      return current === undefined || current === api?.defaultStyle() ? undefined : current;
    },
  };

  const adjustments: UrlStateContribution<string> = {
    id: 'share-imagery-adjustments',
    param: SHARE_PARAMS.adjustments,
    schema: textSchema(parseAdjustments, 'four numbers within the map style ranges'),
    apply: (text) => services.mapStyle()?.setAdjustments(parseAdjustments(text)!),
    read() {
      const current = services.mapStyle()?.current().adjustments;
      if (!current) return undefined;
      const isDefault = (Object.keys(DEFAULT_IMAGERY_ADJUSTMENTS) as Array<keyof typeof current>).every((name) => current[name] === DEFAULT_IMAGERY_ADJUSTMENTS[name]);
      return isDefault ? undefined : formatAdjustments(current);
    },
  };

  const drawer: UrlStateContribution<string> = {
    id: 'share-open-drawer',
    param: SHARE_PARAMS.drawer,
    schema: textSchema(parseId, 'a function id'),
    apply(text) {
      waits.push(whenRegistered(drawers, new Set([text]), (item) => store.getState().openDrawer(item.id)));
    },
    read() {
      const open = store.getState().drawers;
      return drawers.list().find((item) => open[item.id]?.shown)?.id;
    },
  };

  const hiddenLayers: UrlStateContribution<string> = {
    id: 'share-hidden-layers',
    param: SHARE_PARAMS.hiddenLayers,
    schema: textSchema(parseIdList, 'layer ids separated by commas'),
    apply(text) {
      waits.push(whenRegistered(overlays, new Set(parseIdList(text)!), (item) => store.getState().setOverlayShown(item.id, false)));
    },
    read() {
      const state = store.getState();
      const hidden = overlays.list().filter((item) => item.manifest.show && !state.overlays[item.id]?.shown);
      return hidden.length > 0 ? hidden.map((item) => item.id).join(',') : undefined;
    },
  };

  const contributions = [camera, terrain, textured, style, adjustments, drawer, hiddenLayers];
  const { lookAt } = services;
  if (lookAt) {
    contributions.push({
      id: 'share-look-at',
      param: SHARE_PARAMS.lookAt,
      schema: textSchema(parseLookAt, 'lon,lat[,height[,range]]'),
      apply: (text) => lookAt(parseLookAt(text)!),
      // A look-at is a way in, not a state: once applied, the camera (`cam`) says where the map looks.
      read: () => undefined,
    });
  }
  return {
    contributions,
    shownLayers,
    dispose() {
      for (const stop of waits.splice(0)) stop();
    },
  };
}
