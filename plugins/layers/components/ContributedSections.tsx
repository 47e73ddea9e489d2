/**
 * The layer drawer's contributed sections: the `slots` registry's contributions to `drawer.layers` (SPEC §2 layer
 * drawer: e.g. cross-section's heritage cross-section), in ascending `order`, each loaded on first show. A section
 * that fails to load or crashes is left out and logged; the rest of the drawer goes on.
 */
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { LazyComponent, PluginContext, SlotContribution } from '../../../core/plugin/types';
import { layersContext } from '../context';

export const LAYER_DRAWER_SLOT = 'drawer.layers';

const lazyCache = new WeakMap<LazyComponent, ComponentType>();
/** One lazy component per loader, so re-renders do not load it again. */
function lazySection(loader: LazyComponent): ComponentType {
  let component = lazyCache.get(loader);
  if (!component) {
    component = lazy(loader as () => Promise<{ default: ComponentType }>);
    lazyCache.set(loader, component);
  }
  return component;
}

class SectionBoundary extends Component<{ id: string; children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(`layers: the drawer section "${this.props.id}" failed`, error);
  }
  render() {
    return this.state.crashed ? null : this.props.children;
  }
}

export function ContributedSections() {
  // A context built for a test may come without the slots registry: then there is nothing to add.
  const slots: PluginContext['slots'] | undefined = layersContext()?.slots;
  const [items, setItems] = useState<ReadonlyArray<SlotContribution>>(() => slots?.list() ?? []);
  useEffect(() => {
    if (!slots) return undefined;
    setItems(slots.list());
    return slots.subscribe(setItems);
  }, [slots]);
  const sections = items.filter((item) => item.slot === LAYER_DRAWER_SLOT).sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  return (
    <>
      {sections.map((item) => {
        const Section = lazySection(item.component);
        return (
          <SectionBoundary key={item.id} id={item.id}>
            <Suspense fallback={null}>
              <Section />
            </Suspense>
          </SectionBoundary>
        );
      })}
    </>
  );
}
