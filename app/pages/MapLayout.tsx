/**
 * The /map route frame: app/map's MapPage (the map with its plugin slots, tool bars and drawer bar) in the
 * outlet, and the shell's landing panel above it.
 */
import { Outlet } from 'react-router';
import { LandingPanel } from './LandingPanel';

export default function MapLayout() {
  return (
    <div className="map-layout">
      <Outlet />
      <LandingPanel />
    </div>
  );
}
