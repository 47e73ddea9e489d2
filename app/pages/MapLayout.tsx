/**
 * The /map page frame: the map (app/map's MapPage in the outlet) with the shell's chrome around it —
 * WebGL banner, plugin slots, navigation tool bar, drawer bar and the landing panel.
 */
import { Outlet } from 'react-router';
import { DrawerBar } from '../components/DrawerBar';
import { Slot } from '../components/Slot';
import { ToolBar } from '../components/ToolBar';
import { WebGLBanner } from '../components/WebGLBanner';
import { LandingPanel } from './LandingPanel';

export default function MapLayout() {
  return (
    <div className="map-page">
      <WebGLBanner />
      <div className="map-page__stage">
        <div className="map-page__map">
          <Outlet />
        </div>
        <Slot name="map.overlay" className="map-chrome map-chrome--overlay" />
        <div className="map-chrome map-chrome--top-left">
          <Slot name="map.top-left" />
        </div>
        <div className="map-chrome map-chrome--top-right">
          <Slot name="map.top-right" />
          <ToolBar placement="navigation" />
          <ToolBar placement="tools" />
        </div>
        <div className="map-chrome map-chrome--bottom-left">
          <Slot name="map.bottom-left" />
        </div>
        <div className="map-chrome map-chrome--bottom-right">
          <Slot name="map.bottom-right" />
        </div>
        <DrawerBar />
      </div>
      <LandingPanel />
    </div>
  );
}
