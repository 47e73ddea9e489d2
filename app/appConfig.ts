/**
 * Derives the shell's {@link AppConfig} from the selected variant and the page address. Pure.
 */
import { DEFAULT_APP_CONFIG, type AppConfig } from './config';
import { isSdkAllowed, type AddressLocation } from './routes/routeTable';

/** The part of a variant manifest the shell reads. */
export interface ShellVariant {
  id: string;
  flags: Readonly<Record<string, boolean | undefined>>;
}

export function deriveAppConfig(variant: ShellVariant | null, location: AddressLocation): AppConfig {
  if (!variant) return { ...DEFAULT_APP_CONFIG, sdkAllowed: isSdkAllowed(location) };
  const flag = (...names: string[]) => names.some((name) => variant.flags[name] === true);
  const flags: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(variant.flags)) flags[name] = value === true;
  return {
    variantId: variant.id,
    catalogueOnly: flag('catalogueOnly', 'isCatalogueOnly'),
    shortenUrls: flag('appUrlPathShorten', 'isAppUrlPathShorten'),
    sdkAllowed: isSdkAllowed(location),
    megaMenu: flag('megaMenu'),
    quickActionMenu: flag('quickActionMenu'),
    basename: DEFAULT_APP_CONFIG.basename,
    flags,
  };
}
