/**
 * What the page address decided at start-up: the variant and the route switches derived from it.
 * Resolved once in main.tsx (pure, from `window.location`) and passed down by context; tests pass their own.
 */
import { createContext, useContext } from 'react';

export interface AppConfig {
  /** Resolved variant id, also written to `<html data-variant>` (main.tsx). */
  variantId: string;
  /** Map setting `isCatalogueOnly`. */
  catalogueOnly: boolean;
  /** Map setting `isAppUrlPathShorten`. */
  shortenUrls: boolean;
  /** The developer-only /sdk route exists. */
  sdkAllowed: boolean;
  /** Variant flags for the header menus. */
  megaMenu: boolean;
  quickActionMenu: boolean;
  /** Router basename: /mapviewer/app, or the variant path actually used (/mapviewer/app-demo ...). */
  basename: string;
  /** Feature flags of the variant (empty when unknown). */
  flags: Readonly<Record<string, boolean>>;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  variantId: 'second',
  catalogueOnly: false,
  shortenUrls: false,
  sdkAllowed: false,
  megaMenu: true,
  quickActionMenu: true,
  basename: '/mapviewer/app',
  flags: {},
};

export const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
