import { useSyncExternalStore } from 'react';
import { splitLayersContext } from '../context';

const noSubscription = () => () => {};
const noState = () => null;

/** The split context and its state, re-rendering on every change. */
export function useSplitLayers() {
  const context = splitLayersContext();
  const state = useSyncExternalStore(context?.controller.subscribe ?? noSubscription, context?.controller.state ?? noState);
  return { context, state };
}
