/**
 * The map page body (/map): the Cesium map with the plugin slots, drawer bar, navigation tools, overlay
 * real-time panels and legends, overlay disclaimers and the feature popup around it. Loaded as its own chunk;
 * Cesium itself arrives later still (dynamic import in core/map/mapHost).
 */
import { useMemo, useState } from 'react';
import type { OverlayManifest, View } from '../../core/manifests/schemas';
import { chooseStartView, FALLBACK_HOME_VIEW, isTouchDevice } from '../../core/map/views';
import type { OverlayEngine } from '../../core/overlay/engine';
import { OverlayLegends } from '../../core/overlay/OverlayLegends';
import { OverlayPopup } from '../../core/overlay/OverlayPopup';
import { RealtimePanels } from '../../core/overlay/RealtimePanel';
import { appStore } from '../../core/store';
import { loadVariants } from '../../core/variants';
import { useAppConfig } from '../config';
import { DrawerBar } from '../components/DrawerBar';
import { Slot } from '../components/Slot';
import { ToolBar } from '../components/ToolBar';
import { WebGLBanner } from '../components/WebGLBanner';
import { detectWebGL } from '../components/webgl';
import { usePluginHost, useRegistryItems } from '../plugins/PluginHostContext';
import { MapView } from './MapView';
import { OverlayDisclaimerDialog } from './OverlayDisclaimerDialog';
import type { MapHost } from '../../core/map/mapHost';
import './map-page.css';
import './overlay-panels.css';

const variantFiles = import.meta.glob('../../variants/*.json', { eager: true });
const { variants } = loadVariants(variantFiles);

export default function MapPage() {
  const config = useAppConfig();
  const pluginHost = usePluginHost();
  const variant = variants.get(config.variantId) ?? variants.get('second');
  const [webgl] = useState(() => detectWebGL());
  const [map, setMap] = useState<{ host: MapHost; engine: OverlayEngine } | null>(null);

  const startView: View = useMemo(() => chooseStartView(variant?.startView, isTouchDevice()), [variant]);
  const homeView: View = variant?.homeView ?? FALLBACK_HOME_VIEW;
  const overlays = useRegistryItems('overlays');
  const manifests: OverlayManifest[] = useMemo(() => overlays.map((item) => item.manifest), [overlays]);
  const store = pluginHost?.services.store ?? appStore;

  return (
    <div className="map-page">
      {webgl ? (
        <MapView startView={startView} homeView={homeView} onReady={setMap} />
      ) : (
        <div className="map-view map-view--no-webgl">
          <WebGLBanner available={false} />
        </div>
      )}
      <div className="map-page__corner map-page__corner--top-left">
        <Slot name="map.top-left" />
      </div>
      <div className="map-page__corner map-page__corner--top-right">
        <Slot name="map.top-right" />
        <ToolBar placement="navigation" />
      </div>
      <div className="map-page__corner map-page__corner--bottom-left">
        <Slot name="map.bottom-left" />
        <RealtimePanels store={store} manifests={manifests} />
        <OverlayLegends store={store} manifests={manifests} />
      </div>
      <div className="map-page__corner map-page__corner--bottom-right">
        <Slot name="map.bottom-right" />
        <ToolBar placement="tools" />
      </div>
      <Slot name="map.overlay" />
      <div className="map-page__drawers">
        <DrawerBar />
      </div>
      <OverlayDisclaimerDialog store={store} manifests={manifests} />
      {map ? <OverlayPopup engine={map.engine} container={(map.host.viewer() as { container?: HTMLElement } | null)?.container ?? document.body} /> : null}
    </div>
  );
}
