/**
 * Test helper: the app's routes (AppRoutes, as the app renders them) in a MemoryRouter at `path`, with a view
 * of the router's current location for assertions after navigation.
 */
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import type { AppConfig } from '../config';
import { AppRoutes } from './routes';

export interface RenderedRoutes {
  /** The router's location now (after any navigation the test caused). */
  readonly location: Location;
}

function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** The route tree for `config` at `path`; wrap it with providers through `wrap`. */
export function appRoutesAt(path: string, config: AppConfig, wrap: (routes: ReactNode) => ReactNode = (routes) => routes) {
  let current: Location | null = null;
  const element = wrap(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes config={config} />
      <LocationProbe onLocation={(location) => (current = location)} />
    </MemoryRouter>,
  );
  const rendered: RenderedRoutes = {
    get location() {
      if (!current) throw new Error('the routes have not rendered yet');
      return current;
    },
  };
  return { element, rendered };
}
