/**
 * The plugin host: holds every registry, activates plugins inside an error boundary, and wires registry
 * contents into core (drawers into the store, tool exclusive groups into the exclusivity table, toggle
 * callbacks). A plugin that fails is reported, its partial registrations are undone, and the map goes on.
 */
import { createAnalytics, type Analytics } from '../analytics/emitter';
import { createNoopMapFacade } from '../map/noopFacade';
import { createHttpClient } from '../http/httpClient';
import { createAppStore } from '../store/appStore';
import { readSwitch } from '../exclusivity/applySwitch';
import { followFunctionGroups } from '../exclusivity/functionGroups';
import { createRegistry, type Owned, type OwnedRegistry } from './registry';
import {
  PLUGIN_API_VERSION,
  type AnalyticsSinkContribution,
  type Contribution,
  type Disposer,
  type DrawerContribution,
  type MapFacade,
  type OverlayContribution,
  type OverlayHandlerContribution,
  type PluginContext,
  type PluginDefinition,
  type Registry,
  type SearchModeContribution,
  type SlotContribution,
  type ToolContribution,
  type UrlBuilderContribution,
  type UrlStateContribution,
  textNow,
} from './types';

export interface Registries {
  drawers: OwnedRegistry<DrawerContribution>;
  tools: OwnedRegistry<ToolContribution>;
  slots: OwnedRegistry<SlotContribution>;
  overlays: OwnedRegistry<OverlayContribution>;
  overlayHandlers: OwnedRegistry<OverlayHandlerContribution>;
  urlBuilders: OwnedRegistry<UrlBuilderContribution>;
  searchModes: OwnedRegistry<SearchModeContribution>;
  analyticsSinks: OwnedRegistry<AnalyticsSinkContribution>;
  urlState: OwnedRegistry<UrlStateContribution>;
}
export type RegistryName = keyof Registries;
export const REGISTRY_NAMES: readonly RegistryName[] = [
  'drawers',
  'tools',
  'slots',
  'overlays',
  'overlayHandlers',
  'urlBuilders',
  'searchModes',
  'analyticsSinks',
  'urlState',
];

/** Services every plugin context gets (the non-registry part of {@link PluginContext}). */
export type HostServices = Pick<PluginContext, 'map' | 'analytics' | 'http' | 'i18n' | 'notices' | 'store' | 'apiBase'>;

export type PluginState = 'active' | 'failed' | 'inactive';
export interface PluginStatus {
  id: string;
  state: PluginState;
  /** Why it failed (state `failed`). */
  message?: string;
}

export interface PluginHost {
  registries: Registries;
  services: HostServices;
  /**
   * Activates one plugin: checks `apiVersion`, parses `rawConfig` with `configSchema`, runs `activate` in
   * a try/catch. Resolves (never rejects) to a disposer that undoes all of that plugin's registrations;
   * on failure the plugin is reported, its partial registrations are undone and the disposer does nothing.
   */
  activatePlugin<Config>(definition: PluginDefinition<Config>, rawConfig?: unknown): Promise<Disposer>;
  /** Records `pluginId` as failed, logs to the console and shows an error notice. */
  reportFailure(pluginId: string, message: string, error?: unknown): void;
  status(pluginId: string): PluginStatus | undefined;
  statuses(): ReadonlyArray<PluginStatus>;
  /** Called after every status change. */
  subscribe(listener: (statuses: ReadonlyArray<PluginStatus>) => void): Disposer;
  /** Disposes every plugin and the host's own wiring. */
  dispose(): void;
}

/** Services a test or the app leaves out get harmless defaults (no map, console notices, real fetch). */
export interface PluginHostOptions {
  services?: Partial<HostServices>;
}

const noMap: MapFacade = createNoopMapFacade();

/** The store switch a toggle tool shows and flips (see {@link ToolContribution.switchKey}). */
export function switchKeyOf(tool: Pick<ToolContribution, 'id' | 'switchKey'>): string {
  return tool.switchKey ?? `toggle:${tool.id}`;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error);
}

/** Calls `added`/`removed` with the delta of a registry after each change (VS Code contribution habit). */
function onDelta<T extends Contribution>(
  registry: Registry<T>,
  added: (item: Owned<T>) => void,
  removed: (item: Owned<T>) => void,
): Disposer {
  let previous = new Map<string, Owned<T>>();
  return registry.subscribe((items) => {
    const next = new Map(items.map((item) => [item.id, item as Owned<T>]));
    for (const [id, item] of previous) if (next.get(id) !== item) removed(item);
    for (const [id, item] of next) if (previous.get(id) !== item) added(item);
    previous = next;
  });
}

export function createPluginHost(options: PluginHostOptions = {}): PluginHost {
  const registries: Registries = {
    drawers: createRegistry('drawers'),
    tools: createRegistry('tools'),
    slots: createRegistry('slots'),
    overlays: createRegistry('overlays'),
    overlayHandlers: createRegistry('overlayHandlers'),
    urlBuilders: createRegistry('urlBuilders'),
    searchModes: createRegistry('searchModes'),
    analyticsSinks: createRegistry('analyticsSinks'),
    urlState: createRegistry('urlState'),
  };
  const given = options.services ?? {};
  const store = given.store ?? createAppStore();
  let ownAnalytics: Analytics | null = null;
  const analytics =
    given.analytics ??
    (ownAnalytics = createAnalytics({ sinks: () => registries.analyticsSinks.list(), language: () => store.getState().language }));
  if (!store.services.analytics && ownAnalytics) store.services.analytics = ownAnalytics;

  const services: HostServices = {
    map: given.map ?? noMap,
    analytics,
    http: given.http ?? createHttpClient(),
    i18n: given.i18n ?? { language: () => store.getState().language, format: (id) => id },
    notices: given.notices ?? {
      show: (notice) => {
        console.warn(`[${notice.severity}] ${textNow(notice.message)}`);
        return () => {};
      },
    },
    store,
    apiBase: given.apiBase ?? '/mapviewer/api/',
  };

  const statuses = new Map<string, PluginStatus>();
  const activeDisposers = new Map<string, Disposer>();
  const statusListeners = new Set<(statuses: ReadonlyArray<PluginStatus>) => void>();
  const setStatus = (status: PluginStatus) => {
    statuses.set(status.id, status);
    const snapshot = [...statuses.values()];
    for (const listener of [...statusListeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        console.error('plugin host: a status listener failed', error);
      }
    }
  };

  // --- wiring registries into core -------------------------------------------------------------------
  const wiring: Disposer[] = [];
  wiring.push(
    onDelta(
      registries.drawers,
      (drawer) => store.getState().addDrawer(drawer.id),
      (drawer) => {
        if (store.getState().drawers[drawer.id]?.shown) store.getState().closeDrawer(drawer.id);
      },
    ),
  );
  // SPEC §2: a drawer that names a function group switches that group (and so closes the other groups' drawers).
  wiring.push(followFunctionGroups(registries.drawers, store.services.exclusivity));
  const leaveGroups = new Map<string, Disposer[]>();
  /** The switch each toggle tool shows (`switchKey`, default `toggle:<id>`) and its value when last seen. */
  const toolSwitches = new Map<string, { key: string; on: boolean }>();
  wiring.push(
    onDelta(
      registries.tools,
      (tool) => {
        const key = switchKeyOf(tool);
        const joined = (tool.exclusiveGroups ?? []).map((group) => store.services.exclusivity.join(group, key));
        leaveGroups.set(tool.id, joined);
        if (tool.kind === 'toggle') toolSwitches.set(tool.id, { key, on: readSwitch(store.getState(), key) });
      },
      (tool) => {
        for (const leave of leaveGroups.get(tool.id) ?? []) leave();
        leaveGroups.delete(tool.id);
        toolSwitches.delete(tool.id);
        // A core mode a tool showed (e.g. mode:identify) outlives the tool; only the tool's own toggle is switched off.
        if (tool.switchKey === undefined && store.getState().toggles[tool.id]) store.getState().setToggle(tool.id, false);
      },
    ),
  );
  // A toggle tool learns about every change of its switch, whoever made it (its button, an exclusive group).
  wiring.push(
    store.subscribe((state) => {
      for (const [id, seen] of toolSwitches) {
        const on = readSwitch(state, seen.key);
        if (on === seen.on) continue;
        seen.on = on;
        const tool = registries.tools.get(id);
        if (!tool?.onToggle) continue;
        try {
          tool.onToggle(on);
        } catch (error) {
          console.error(`tools: toggle "${id}" of plugin "${tool.owner}" failed`, error);
        }
      }
    }),
  );
  // SPEC §2 "only-3D functions": with the 3D spatial data off, the tools that need it are switched off, and the
  // ones this switched off come back on with it.
  const offForThreeD = new Set<string>();
  let threeDBefore = store.getState().threeD;
  wiring.push(
    store.subscribe((state) => {
      const cameBack = state.threeD && !threeDBefore;
      threeDBefore = state.threeD;
      if (cameBack) {
        const keys = [...offForThreeD];
        offForThreeD.clear();
        for (const key of keys) store.getState().setSwitch(key, true);
        return;
      }
      if (state.threeD) return;
      for (const tool of registries.tools.list()) {
        const key = switchKeyOf(tool);
        if (!tool.requiresThreeD || tool.kind !== 'toggle' || !readSwitch(store.getState(), key)) continue;
        offForThreeD.add(key);
        store.getState().setSwitch(key, false);
      }
    }),
  );

  const reportFailure: PluginHost['reportFailure'] = (pluginId, message, error) => {
    console.error(`plugin "${pluginId}" failed: ${message}`, ...(error === undefined ? [] : [error]));
    setStatus({ id: pluginId, state: 'failed', message });
    try {
      const formatted = services.i18n.format('core.plugin.failed', { plugin: pluginId, message });
      const text = formatted === 'core.plugin.failed' ? `The "${pluginId}" feature could not start: ${message}` : formatted;
      services.notices.show({ id: `plugin-failed:${pluginId}`, severity: 'error', message: text });
    } catch (noticeError) {
      console.error('plugin host: showing a notice failed', noticeError);
    }
  };

  const activatePlugin: PluginHost['activatePlugin'] = async (definition, rawConfig = {}) => {
    const pluginId = typeof definition?.id === 'string' && definition.id !== '' ? definition.id : '(unnamed plugin)';
    const disposers: Disposer[] = [];
    const disposeAll = () => {
      for (const disposer of disposers.splice(0).reverse()) {
        try {
          disposer();
        } catch (error) {
          console.error(`plugin "${pluginId}": a disposer failed`, error);
        }
      }
    };
    try {
      if (statuses.get(pluginId)?.state === 'active') throw new Error(`plugin "${pluginId}" is already active`);
      if (typeof definition?.activate !== 'function') throw new Error('not a plugin definition (no activate function)');
      if (definition.apiVersion !== PLUGIN_API_VERSION) {
        throw new Error(`built for plugin API version ${String(definition.apiVersion)}; this app provides version ${PLUGIN_API_VERSION}`);
      }
      let config: unknown = rawConfig;
      if (definition.configSchema) {
        const parsed = definition.configSchema.safeParse(rawConfig ?? {});
        if (!parsed.success) {
          const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
          throw new Error(`invalid config: ${details}`);
        }
        config = parsed.data;
      }
      const track = (disposer: Disposer) => void disposers.push(disposer);
      const scoped = <T extends Contribution>(registry: OwnedRegistry<T>) => registry.forOwner(pluginId, track);
      const context: PluginContext<unknown> = {
        pluginId,
        config,
        drawers: scoped(registries.drawers),
        tools: scoped(registries.tools),
        slots: scoped(registries.slots),
        overlays: scoped(registries.overlays),
        overlayHandlers: scoped(registries.overlayHandlers),
        urlBuilders: scoped(registries.urlBuilders),
        searchModes: scoped(registries.searchModes),
        analyticsSinks: scoped(registries.analyticsSinks),
        urlState: scoped(registries.urlState),
        map: services.map,
        analytics: services.analytics,
        http: services.http,
        i18n: services.i18n,
        notices: services.notices,
        store: services.store,
        apiBase: services.apiBase,
      };
      const result = await (definition as PluginDefinition<unknown>).activate(context);
      if (typeof result === 'function') disposers.push(result);
    } catch (error) {
      disposeAll();
      reportFailure(pluginId, errorMessage(error), error);
      return () => {};
    }
    setStatus({ id: pluginId, state: 'active' });
    let done = false;
    const deactivate = () => {
      if (done) return;
      done = true;
      disposeAll();
      activeDisposers.delete(pluginId);
      setStatus({ id: pluginId, state: 'inactive' });
    };
    activeDisposers.set(pluginId, deactivate);
    return deactivate;
  };

  return {
    registries,
    services,
    activatePlugin,
    reportFailure,
    status: (pluginId) => statuses.get(pluginId),
    statuses: () => [...statuses.values()],
    subscribe(listener) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    dispose() {
      for (const deactivate of [...activeDisposers.values()].reverse()) deactivate();
      for (const disposer of wiring.splice(0)) disposer();
      ownAnalytics?.dispose();
    },
  };
}
