/** React binding of the default store instance. */
import { useStore } from 'zustand';
import { createAppStore, type AppStore, type AppStoreState } from './appStore';

/** The app's store; the app binds analytics via `appStore.services.analytics = ...` at start. */
export const appStore: AppStore = createAppStore();

/** `const gps = useAppStore((state) => state.gps)`; re-renders when the selected value changes. */
export function useAppStore<T>(selector: (state: AppStoreState) => T): T {
  return useStore(appStore, selector);
}
