/**
 * The core store (zustand v5 vanilla + immer). Core owns the map slice; each plugin owns `plugins[pluginId]`
 * (see {@link definePluginSlice}). Every action that opens or closes something goes through
 * core/exclusivity's `applySwitch`, so the "only one at a time" rules live in one place.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { immer } from 'zustand/middleware/immer';
import type { Draft } from 'immer';
import {
  applySwitch,
  createExclusivityRules,
  type DrawerFlags,
  type ExclusivityRules,
  type FunctionGroupId,
  type MenuId,
  type ModeKey,
  type SwitchChange,
} from '../exclusivity';
import type { Language } from '../plugin/types';
import { FALLBACK_TERRAIN, type TerrainSelection } from '../map/terrainSelection';

/** Camera state (SPEC §3 "View state"). Degrees and metres. */
export interface ViewState {
  longitude: number;
  latitude: number;
  /** Metres above the ellipsoid. */
  height: number;
  /** Degrees clockwise from north. */
  heading: number;
  /** Degrees; -90 looks straight down. */
  pitch: number;
  /** Degrees. */
  roll: number;
}

/** GPS state (SPEC §4): 0 off, 1 on, 2 on with tracking. */
export type GpsMode = 0 | 1 | 2;

/** Keyword search modes of SPEC §1; plugins may add more ids. */
export type KeywordSearchMode = 'location-search' | 'care-team-search' | 'first-person-view' | (string & {});

export interface OverlayFlags {
  shown: boolean;
  /** Set after the overlay has drawn (SPEC §4 overlay readiness flag). */
  ready: boolean;
  /** Set while the overlay's feed fails; cleared by the next successful draw. */
  unavailable?: boolean;
  /** The user accepted the overlay's disclaimer (manifest `hasDisclaimer`) in this session. */
  disclaimerAccepted?: boolean;
  /** Realtime panel (SPEC §4): a fetch is in flight ('Data is being updated now'). */
  updating?: boolean;
  /** Realtime panel: when the last good data arrived, ms since the epoch. */
  lastDataAt?: number;
  /** Realtime panel: when the next refresh is due, ms since the epoch (countdown). */
  nextRefreshAt?: number;
  /**
   * The data shown are a recorded snapshot, not live readings (the feed answer's `source.snapshot`): the panel,
   * legend and layer row then say "Snapshot of <lastDataAt> — live data off" and no countdown is shown.
   */
  snapshot?: boolean;
}

/** The feature of overlay `overlayId` whose property `property` equals `value` (compared as text). */
export interface OverlayFeatureRequest {
  overlayId: string;
  property: string;
  value: string;
}

/** The realtime-panel fields of {@link OverlayFlags} the overlay engine writes. */
export type OverlayRefreshState = Pick<OverlayFlags, 'updating' | 'lastDataAt' | 'nextRefreshAt' | 'snapshot'>;

export interface AppState {
  variant: string;
  language: Language;
  view: ViewState;
  /** Textured (true) or textureless 3D mode (SPEC §1): how the map is painted, nothing else changes. */
  textured: boolean;
  /** The 3D view is on; switching it off closes all drawers (SPEC §2 "Switching 3D off"). */
  threeD: boolean;
  identify: boolean;
  /** Measure panel open. */
  measure: boolean;
  shadow: boolean;
  share: boolean;
  indoor: boolean;
  multiView: boolean;
  splitLayers: boolean;
  tours: boolean;
  dialogs: boolean;
  controlPanelOpen: boolean;
  toolsPanelOpen: boolean;
  /** Active control mode (e.g. `first-person`), null when none. */
  controlMode: string | null;
  /** Active measure tool (`line`, `area`, `triangle`, `height` ...), null when none. */
  measureMode: string | null;
  drawers: Record<string, DrawerFlags>;
  functionGroups: Record<FunctionGroupId, boolean>;
  menus: Record<MenuId, boolean>;
  keywordSearchMode: KeywordSearchMode;
  slowClientWarnings: boolean;
  gps: GpsMode;
  /** Map tool and plugin toggles by id. */
  toggles: Record<string, boolean>;
  overlays: Record<string, OverlayFlags>;
  /**
   * A feature whose popup should open as if it had been clicked (a drawer's list entry), waiting until its overlay
   * has drawn it; the overlay engine opens the popup and clears the request. See {@link AppActions.openOverlayFeature}.
   */
  overlayFeatureRequest: OverlayFeatureRequest | null;
  /** Plugin slices by plugin id; use {@link definePluginSlice}. */
  plugins: Record<string, unknown>;
  /**
   * Terrain the map shows (layer drawer; core/map/terrains). Initially the portal's DEM terrain: the store is
   * created with the first paint, before the terrain manifests are validated; the app sets the default terrain
   * manifest's selection at start-up (app/startup.ts), before the first render.
   */
  terrain: TerrainSelection;
}

export interface AppActions {
  /** Any switch (`drawer:<id>`, `toggle:<id>`, `mode:<key>` ...), with the exclusivity rules applied. */
  setSwitch(key: string, on: boolean): void;
  openDrawer(id: string): void;
  closeDrawer(id: string): void;
  toggleDrawer(id: string): void;
  /** Ensures `drawers[id]` exists (shown=false, activated=false); used when a drawer is registered. */
  addDrawer(id: string): void;
  setToggle(id: string, on: boolean): void;
  setMode(key: ModeKey, on: boolean): void;
  /** SPEC §2: switching it off closes every drawer. */
  setTextured(on: boolean): void;
  setMeasureMode(mode: string | null): void;
  setControlMode(mode: string | null): void;
  setToolsPanelOpen(open: boolean): void;
  openFunctionGroup(id: FunctionGroupId): void;
  closeFunctionGroup(id: FunctionGroupId): void;
  openMenu(id: MenuId): void;
  closeMenus(): void;
  setOverlayShown(id: string, shown: boolean): void;
  /**
   * Shows overlay `overlayId` and opens the popup of its feature whose `property` equals `value` (compared as text),
   * as a click on it would, once the overlay has drawn it; a newer request replaces an unfulfilled one. A feature
   * the overlay never draws opens nothing. Used by drawers that list an overlay's features.
   */
  openOverlayFeature(overlayId: string, property: string, value: string | number): void;
  /** The overlay engine took the request (opened its popup, or found the overlay gone). */
  clearOverlayFeatureRequest(): void;
  setOverlayReady(id: string, ready: boolean): void;
  setOverlayUnavailable(id: string, unavailable: boolean): void;
  /** Records that the user accepted the overlay's disclaimer (kept for the session). */
  acceptOverlayDisclaimer(id: string): void;
  /** Updates the overlay's realtime-panel fields (written by the overlay engine). */
  setOverlayRefresh(id: string, refresh: OverlayRefreshState): void;
  setLanguage(language: Language): void;
  setGps(mode: GpsMode): void;
  /** 0 → 1 → 2 → 0. */
  cycleGps(): void;
  setVariant(id: string): void;
  setView(view: Partial<ViewState>): void;
  setKeywordSearchMode(mode: KeywordSearchMode): void;
  setSlowClientWarnings(on: boolean): void;
  /** Chooses the map's terrain (the map host follows; a failed terrain falls back to the ellipsoid there). */
  setTerrain(terrain: TerrainSelection): void;
}

export type AppStoreState = AppState & AppActions;

/** What the store's actions call out to. Mutable so the app can bind analytics after creating the store. */
export interface StoreServices {
  exclusivity: ExclusivityRules;
  /** Receives `feature::on|off` for every switch that changed (core/analytics `emitToggle`). */
  analytics?: { emitToggle(id: string, on: boolean): void };
}

export type AppStore = StoreApi<AppStoreState> & { services: StoreServices };

/** A neutral start view (south of Hong Kong, second variant); the app overrides it from the variant. */
export const DEFAULT_VIEW: ViewState = {
  longitude: 114.1694,
  latitude: 22.0716,
  height: 26042,
  heading: 0,
  pitch: -35,
  roll: 0,
};

/** The initial state of SPEC §4. */
export function createInitialState(overrides: Partial<AppState> = {}): AppState {
  return {
    variant: 'second',
    language: 'en-US',
    view: { ...DEFAULT_VIEW },
    textured: true,
    threeD: true,
    identify: true,
    measure: false,
    shadow: false,
    share: false,
    indoor: false,
    multiView: false,
    splitLayers: false,
    tours: false,
    dialogs: false,
    controlPanelOpen: false,
    toolsPanelOpen: false,
    controlMode: null,
    measureMode: null,
    drawers: {},
    functionGroups: { land: false, living: false, environmental: false },
    menus: { mega: false, quickAction: false },
    keywordSearchMode: 'location-search',
    slowClientWarnings: false,
    gps: 0,
    toggles: {},
    overlays: {},
    overlayFeatureRequest: null,
    plugins: {},
    terrain: { ...FALLBACK_TERRAIN },
    ...overrides,
  };
}

/** Analytics feature id of a switch key: `drawer:hiking` → `hiking`, `measure-mode:line` → `measure-line`. */
export function featureIdOf(key: string): string {
  const [prefix, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (prefix === 'measure-mode') return `measure-${id}`;
  if (prefix === 'menu') return `${id}-menu`;
  return id;
}

export function createAppStore(initial: Partial<AppState> = {}, services?: Partial<StoreServices>): AppStore {
  const storeServices: StoreServices = { exclusivity: services?.exclusivity ?? createExclusivityRules(), analytics: services?.analytics };

  const store = createStore<AppStoreState>()(
    immer((set, get) => {
      /** Runs `applySwitch` in one immer update, then reports the changes to analytics (never throws). */
      const switchTo = (key: string, on: boolean) => {
        let changes: SwitchChange[] = [];
        set((draft) => {
          changes = applySwitch(draft as unknown as AppState, storeServices.exclusivity, key, on);
        });
        reportChanges(changes);
      };
      /** Every switch that changed — drawer, tool, mode or overlay — reports `<feature>::on|off` from here. */
      const reportChanges = (changes: ReadonlyArray<{ key: string; on: boolean }>) => {
        const analytics = storeServices.analytics;
        if (!analytics) return;
        for (const change of changes) {
          try {
            analytics.emitToggle(featureIdOf(change.key), change.on);
          } catch (error) {
            console.error('analytics emitToggle failed', error);
          }
        }
      };
      return {
        ...createInitialState(initial),
        setSwitch: switchTo,
        openDrawer: (id) => switchTo(`drawer:${id}`, true),
        closeDrawer: (id) => switchTo(`drawer:${id}`, false),
        toggleDrawer: (id) => switchTo(`drawer:${id}`, !(get().drawers[id]?.shown ?? false)),
        addDrawer: (id) =>
          set((draft) => {
            draft.drawers[id] ??= { shown: false, activated: false };
          }),
        setToggle: (id, on) => switchTo(`toggle:${id}`, on),
        setMode: (key, on) => switchTo(`mode:${key}`, on),
        setTextured: (on) => switchTo('mode:textured', on),
        setMeasureMode: (mode) => {
          const current = get().measureMode;
          if (mode === null) {
            if (current !== null) switchTo(`measure-mode:${current}`, false);
          } else switchTo(`measure-mode:${mode}`, true);
        },
        setControlMode: (mode) =>
          set((draft) => {
            draft.controlMode = mode;
          }),
        setToolsPanelOpen: (open) => switchTo('mode:toolsPanelOpen', open),
        openFunctionGroup: (id) => switchTo(`function-group:${id}`, true),
        closeFunctionGroup: (id) => switchTo(`function-group:${id}`, false),
        openMenu: (id) => switchTo(`menu:${id}`, true),
        closeMenus: () => {
          switchTo('menu:mega', false);
          switchTo('menu:quickAction', false);
        },
        setOverlayShown: (id, shown) => {
          const before = get().overlays[id]?.shown ?? false;
          set((draft) => {
            const flags = (draft.overlays[id] ??= { shown: false, ready: false });
            flags.shown = shown;
            if (!shown) flags.ready = false;
          });
          if (before !== shown) reportChanges([{ key: `overlay:${id}`, on: shown }]);
        },
        openOverlayFeature: (overlayId, property, value) => {
          get().setOverlayShown(overlayId, true);
          set((draft) => {
            draft.overlayFeatureRequest = { overlayId, property, value: String(value) };
          });
        },
        clearOverlayFeatureRequest: () =>
          set((draft) => {
            draft.overlayFeatureRequest = null;
          }),
        setOverlayReady: (id, ready) =>
          set((draft) => {
            const flags = (draft.overlays[id] ??= { shown: false, ready: false });
            flags.ready = ready;
          }),
        setOverlayUnavailable: (id, unavailable) =>
          set((draft) => {
            const flags = (draft.overlays[id] ??= { shown: false, ready: false });
            flags.unavailable = unavailable;
          }),
        acceptOverlayDisclaimer: (id) =>
          set((draft) => {
            const flags = (draft.overlays[id] ??= { shown: false, ready: false });
            flags.disclaimerAccepted = true;
          }),
        setOverlayRefresh: (id, refresh) =>
          set((draft) => {
            const flags = (draft.overlays[id] ??= { shown: false, ready: false });
            Object.assign(flags, refresh);
          }),
        setLanguage: (language) =>
          set((draft) => {
            draft.language = language;
          }),
        setGps: (mode) =>
          set((draft) => {
            if (mode !== 0 && mode !== 1 && mode !== 2) throw new Error(`GPS mode must be 0, 1 or 2, got ${String(mode)}`);
            draft.gps = mode;
          }),
        cycleGps: () =>
          set((draft) => {
            draft.gps = ((draft.gps + 1) % 3) as GpsMode;
          }),
        setVariant: (id) =>
          set((draft) => {
            draft.variant = id;
          }),
        setView: (view) =>
          set((draft) => {
            Object.assign(draft.view, view);
          }),
        setKeywordSearchMode: (mode) =>
          set((draft) => {
            draft.keywordSearchMode = mode;
          }),
        setSlowClientWarnings: (on) =>
          set((draft) => {
            draft.slowClientWarnings = on;
          }),
        setTerrain: (terrain) =>
          set((draft) => {
            draft.terrain = { ...terrain };
          }),
      };
    }),
  );
  return Object.assign(store, { services: storeServices });
}

/**
 * A plugin's namespaced slice (`state.plugins[pluginId]`), changed only through its own `update` (immer).
 *
 * ```ts
 * export const hikingSlice = definePluginSlice('hiking', { clicked: null as string | null });
 * hikingSlice.update(store, (slice) => { slice.clicked = 'photo' });
 * const clicked = useAppStore((state) => hikingSlice.select(state).clicked);
 * ```
 */
export interface PluginSlice<S> {
  pluginId: string;
  initial: S;
  /** The slice, or its initial value when not yet installed. */
  select(state: AppState): S;
  /** Installs the initial value if missing (idempotent). */
  install(store: StoreApi<AppStoreState>): void;
  update(store: StoreApi<AppStoreState>, recipe: (slice: Draft<S>) => void): void;
}

export function definePluginSlice<S extends object>(pluginId: string, initial: S): PluginSlice<S> {
  const install = (store: StoreApi<AppStoreState>) => {
    if (pluginId in store.getState().plugins) return;
    (store.setState as (recipe: (draft: Draft<AppStoreState>) => void) => void)((draft) => {
      draft.plugins[pluginId] = structuredClone(initial);
    });
  };
  return {
    pluginId,
    initial,
    select: (state) => (state.plugins[pluginId] as S | undefined) ?? initial,
    install,
    update(store, recipe) {
      install(store);
      (store.setState as (recipe: (draft: Draft<AppStoreState>) => void) => void)((draft) => {
        recipe(draft.plugins[pluginId] as Draft<S>);
      });
    },
  };
}
