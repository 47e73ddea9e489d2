/**
 * The plugin host as React context, plus a hook that follows one registry's contents.
 * Components rendering plugin contributions (Slot, DrawerBar, ToolBar) read it; without a provider they
 * render nothing, so the shell works (and tests run) with no plugins at all.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { DeferredMapFacade } from '../../core/map/deferredFacade';
import type { PluginHost, Registries, RegistryName } from '../../core/plugin/host';
import type { PluginHostStart } from './pluginHostStart';

export const PluginHostContext = createContext<PluginHost | null>(null);

/**
 * Whether the plugin host is still starting (it starts after the first render), has started, or its chunk
 * failed: a null host while `starting` means "not yet", not "none". Without a provider it has started.
 */
export const PluginHostStartContext = createContext<PluginHostStart>({ status: 'started', bootstrap: null });

export function usePluginHostStart(): PluginHostStart {
  return useContext(PluginHostStartContext);
}

export function usePluginHost(): PluginHost | null {
  return useContext(PluginHostContext);
}

type ItemsOf<Name extends RegistryName> = ReturnType<Registries[Name]['list']>;

/** The current contents of registry `name`, re-rendering on every change. */
export function useRegistryItems<Name extends RegistryName>(name: Name): ItemsOf<Name> {
  const host = usePluginHost();
  const registry = host?.registries[name];
  const [items, setItems] = useState<ItemsOf<Name>>(() => (registry ? (registry.list() as ItemsOf<Name>) : ([] as unknown as ItemsOf<Name>)));
  useEffect(() => {
    if (!registry) return undefined;
    setItems(registry.list() as ItemsOf<Name>);
    return registry.subscribe((next) => setItems(next as ItemsOf<Name>));
  }, [registry]);
  return items;
}

/**
 * The deferred map facade the plugins hold. app/map attaches the real Cesium-backed facade to it
 * (`useDeferredMap()?.attach(facade)`) when the viewer exists and detaches on unmount.
 */
export const DeferredMapContext = createContext<DeferredMapFacade | null>(null);

export function useDeferredMap(): DeferredMapFacade | null {
  return useContext(DeferredMapContext);
}
