import { Navigate, useLocation } from 'react-router';
import { useAppConfig } from '../config';
import { resolveRoute } from './routeTable';

/** Renders the redirect {@link resolveRoute} decides for the current address (query kept). */
export function RouteRedirect() {
  const location = useLocation();
  const config = useAppConfig();
  const resolution = resolveRoute(location.pathname, location.search, config);
  if (resolution.kind !== 'redirect') return null;
  return <Navigate to={resolution.to} replace />;
}
