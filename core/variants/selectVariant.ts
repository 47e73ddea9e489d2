/**
 * SPEC §2/§6: the page address picks the variant. The rules are data ({@link variantRules}); one pure
 * function applies them. Dev-only rules apply only on a dev host (hostname starting with `dev`) or
 * localhost / 127.0.0.1; elsewhere they are skipped and the public `second` variant is used.
 */

export type Environment = 'production' | 'test' | 'development';

export interface PageLocation {
  hostname: string;
  pathname: string;
}

export interface VariantSelection {
  /** Id of a file in variants/. */
  variant: string;
  environment: Environment;
  /** Developer-only features (sdk route, demo mode, traffic image height tool) may show. */
  devTools: boolean;
  /** The address marks the traffic app (`app-td`, `app-td-dev`). */
  trafficApp: boolean;
}

export interface VariantRule {
  /** For messages and tests. */
  name: string;
  /** A path segment equal to this (`/mapviewer/app-demo/map` has segment `app-demo`). */
  pathSegment?: string;
  /** The path contains this text anywhere. */
  pathIncludes?: string;
  /** The hostname starts with this. */
  hostPrefix?: string;
  /** Only on a dev host or localhost. */
  devOnly?: boolean;
  variant: string;
  /** Forces the environment (indoor uses its test environment). */
  environment?: Environment;
  trafficApp?: boolean;
}

/** Host prefixes of the development hosts (SPEC §6 "hosts starting with the dev prefix or localhost"). */
export const DEV_HOST_PREFIXES: readonly string[] = ['dev'];
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];
/** Host prefix that selects the indoor variant. */
export const INDOOR_HOST_PREFIX = 'indoor';
/** The public variant (SPEC §1 "second variant"). */
export const DEFAULT_VARIANT = 'second';

/** First match wins. */
export const variantRules: readonly VariantRule[] = [
  { name: 'indoor path', pathIncludes: 'app-mtr-indoor', variant: 'indoor', environment: 'test' },
  { name: 'indoor host', hostPrefix: INDOOR_HOST_PREFIX, variant: 'indoor', environment: 'test' },
  { name: 'traffic height tool', pathSegment: 'app-td-dev', devOnly: true, variant: 'dev-td', trafficApp: true },
  { name: 'traffic app', pathSegment: 'app-td', variant: DEFAULT_VARIANT, trafficApp: true },
  { name: 'demo', pathSegment: 'app-demo', devOnly: true, variant: 'dev-demo' },
  { name: 'routing test', pathSegment: 'routing-test', devOnly: true, variant: 'dev-routing-test' },
  { name: 'development', pathSegment: 'app-dev', devOnly: true, variant: 'dev' },
  { name: 'full', pathSegment: 'app-full', devOnly: true, variant: 'full' },
  { name: 'minimal', pathSegment: 'app-minimal', devOnly: true, variant: 'minimal' },
];

/** True on a dev host (`dev...`) or on the local machine. */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOCAL_HOSTS.includes(host) || DEV_HOST_PREFIXES.some((prefix) => host.startsWith(prefix));
}

function matches(rule: VariantRule, location: PageLocation, segments: readonly string[]): boolean {
  if (rule.pathSegment !== undefined && !segments.includes(rule.pathSegment)) return false;
  if (rule.pathIncludes !== undefined && !location.pathname.includes(rule.pathIncludes)) return false;
  if (rule.hostPrefix !== undefined && !location.hostname.toLowerCase().startsWith(rule.hostPrefix)) return false;
  return true;
}

export function selectVariant(location: PageLocation, rules: readonly VariantRule[] = variantRules): VariantSelection {
  const devHost = isDevHost(location.hostname);
  const segments = location.pathname.split('/').filter((segment) => segment !== '');
  const baseEnvironment: Environment = devHost ? 'development' : 'production';
  for (const rule of rules) {
    if (rule.devOnly && !devHost) continue;
    if (!matches(rule, location, segments)) continue;
    return {
      variant: rule.variant,
      environment: rule.environment ?? baseEnvironment,
      devTools: devHost,
      trafficApp: rule.trafficApp ?? false,
    };
  }
  return { variant: DEFAULT_VARIANT, environment: baseEnvironment, devTools: devHost, trafficApp: false };
}
