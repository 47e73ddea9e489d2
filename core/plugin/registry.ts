/**
 * One registry per kind of contribution. Duplicate ids throw naming the kind, the id and both owners
 * (Backstage / VS Code habit); every `register` returns a disposer that removes exactly that entry.
 */
import type { Contribution, Disposer, Registry } from './types';

/** Owner recorded for contributions that core itself makes. */
export const CORE_OWNER = 'core';

export type Owned<T> = T & { owner: string };

export interface OwnedRegistry<T extends Contribution> extends Registry<T> {
  /** Registry name used in messages (`tools`, `drawers` ...). */
  readonly kind: string;
  /** Like `register`, with an explicit owner (plugin id); `register(item)` uses {@link CORE_OWNER}. */
  registerAs(owner: string, item: T): Disposer;
  /** A view whose `register` stamps `owner` (what a plugin's context gets). */
  forOwner(owner: string, onRegister?: (disposer: Disposer, item: Owned<T>) => void): Registry<T>;
  /** Ids owned by `owner`, in registration order. */
  idsOwnedBy(owner: string): string[];
}

export function createRegistry<T extends Contribution>(kind: string): OwnedRegistry<T> {
  const items = new Map<string, Owned<T>>();
  const listeners = new Set<(items: ReadonlyArray<Owned<T>>) => void>();

  const notify = () => {
    const snapshot = [...items.values()];
    for (const listener of [...listeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        console.error(`${kind}: a registry listener failed`, error);
      }
    }
  };

  const registerAs = (owner: string, item: T): Disposer => {
    if (typeof item?.id !== 'string' || item.id === '') {
      throw new Error(`${kind}: plugin "${owner}" tried to register an entry without an id`);
    }
    const existing = items.get(item.id);
    if (existing) {
      throw new Error(
        `${kind}: "${item.id}" is already registered by plugin "${existing.owner}"; plugin "${owner}" cannot register it`,
      );
    }
    const entry = Object.freeze({ ...item, owner }) as Owned<T>;
    items.set(item.id, entry);
    notify();
    let disposed = false;
    return () => {
      if (disposed) return;
      disposed = true;
      if (items.get(item.id) === entry) {
        items.delete(item.id);
        notify();
      }
    };
  };

  const registry: OwnedRegistry<T> = {
    kind,
    register: (item) => registerAs(CORE_OWNER, item),
    registerAs,
    get: (id) => items.get(id),
    list: () => [...items.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    forOwner(owner, onRegister) {
      return {
        register(item) {
          const disposer = registerAs(owner, item);
          onRegister?.(disposer, items.get(item.id)!);
          return disposer;
        },
        get: registry.get,
        list: registry.list,
        subscribe: registry.subscribe,
      };
    },
    idsOwnedBy: (owner) => [...items.values()].filter((entry) => entry.owner === owner).map((entry) => entry.id),
  };
  return registry;
}
