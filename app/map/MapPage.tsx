/**
 * The map page body (/map): the Cesium map with the plugin slots, drawer bar, navigation tools, overlay
 * real-time panels and legends, overlay disclaimers and the feature popup around it. Loaded as its own chunk;
 * Cesium itself arrives later still (dynamic import in core/map/mapHost).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OverlayManifest, View } from '../../core/manifests/schemas';
import { chooseStartView, FALLBACK_HOME_VIEW, isTouchDevice } from '../../core/map/views';
import type { OverlayEngine } from '../../core/overlay/engine';
import { OverlayLegends } from '../../core/overlay/OverlayLegends';
import { OverlayPopup } from '../../core/overlay/OverlayPopup';
import { RealtimePanels } from '../../core/overlay/RealtimePanel';
import { appStore } from '../../core/store';
import { loadVariants } from '../../core/variants';
import { useAppConfig } from '../config';
import { DrawerBar, DrawerPanel, ToolLabelsSwitch } from '../components/DrawerBar';
import { NoticesArea } from '../components/NoticesArea';
import { Slot } from '../components/Slot';
import { ToolBar } from '../components/ToolBar';
import { WebGLBanner } from '../components/WebGLBanner';
import { detectWebGL } from '../components/webgl';
import { ChunkFailure } from '../chunks/ChunkFailure';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { usePluginHost, usePluginHostStart, useRegistryItems } from '../plugins/PluginHostContext';
import { MapView } from './MapView';
import { useMapAddress } from './useMapAddress';
import { OverlayDisclaimerDialog } from './OverlayDisclaimerDialog';
import type { MapHost } from '../../core/map/mapHost';
import './map-page.css';
import './overlay-panels.css';

const variantFiles = import.meta.glob('../../variants/*.json', { eager: true });
const { variants } = loadVariants(variantFiles);

/**
 * The map waits for the plugin host (it starts after the first render): the map view and the overlay engine are
 * built once over its registries and store, and its drawers and tools belong on the map from the start.
 */
export default function MapPage() {
  const pluginHostStart = usePluginHostStart();
  if (pluginHostStart.status === 'starting') return <LoadingOverlay />;
  if (pluginHostStart.status === 'chunkFailed') return <ChunkFailure kind={pluginHostStart.kind} onRetry={pluginHostStart.retry} />;
  return <MapPageWithPlugins />;
}

function MapPageWithPlugins() {
  const config = useAppConfig();
  const pluginHost = usePluginHost();
  const variant = variants.get(config.variantId) ?? variants.get('second');
  const [webgl] = useState(() => detectWebGL());
  const [map, setMap] = useState<{ host: MapHost; engine: OverlayEngine } | null>(null);
  // The frame's free area: the popup stays inside it, clear of the drawer, search, legends and tool bars.
  const [freeArea, setFreeArea] = useState<HTMLDivElement | null>(null);
  const page = useRef<HTMLDivElement>(null);
  // The panels' frame ends above the map's credit line, however many lines it wraps to (a phone, a long language).
  useEffect(() => {
    const credit = page.current?.querySelector<HTMLElement>('.cesium-viewer-bottom');
    if (!map || !credit || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const frame = page.current;
      if (!frame) return;
      // From the credit line's top (Cesium keeps it a few pixels off the edge) to the map's bottom, plus the
      // panels' scrolling margin.
      const room = frame.getBoundingClientRect().bottom - credit.getBoundingClientRect().top;
      frame.style.setProperty('--map-credit-room', `${Math.ceil(room) + 8}px`);
    });
    observer.observe(credit);
    return () => observer.disconnect();
  }, [map]);

  const homeView: View = variant?.homeView ?? FALLBACK_HOME_VIEW;
  const overlays = useRegistryItems('overlays');
  const manifests: OverlayManifest[] = useMemo(() => overlays.map((item) => item.manifest), [overlays]);
  const store = pluginHost?.services.store ?? appStore;
  // `layers` and `bbox` in the address (a dataset's "Open in the map viewer", shared links): app/map/mapAddress.ts.
  const overlayIds = useMemo(() => manifests.map((manifest) => manifest.id), [manifests]);
  const addressView = useMapAddress(store, overlayIds);
  const startView: View = useMemo(() => addressView ?? chooseStartView(variant?.startView, isTouchDevice()), [addressView, variant]);

  return (
    <div className="map-page" ref={page}>
      {webgl ? (
        <MapView startView={startView} homeView={homeView} onReady={setMap} />
      ) : (
        <div className="map-view map-view--no-webgl">
          <WebGLBanner available={false} />
        </div>
      )}
      {/* The panels' frame (map-page.css): drawer bar | open drawer | search over the free area over the real-time
          panels and legends | navigation over tools. Each panel has a place of its own, so none covers another. */}
      <div className="map-page__frame">
        <div className="map-page__rail map-page__rail--left">
          <div className="map-page__drawers">
            <DrawerBar />
          </div>
          <ToolLabelsSwitch />
        </div>
        <div className="map-page__main">
          <DrawerPanel />
          <div className="map-page__stack">
            <div className="map-page__corner map-page__corner--top-left">
              <Slot name="map.top-left" />
            </div>
            <NoticesArea placement="map" />
            <Slot name="map.overlay" />
            {/* Where the feature popup may go (its floating boundary), and the room the map shows uncovered. */}
            <div className="map-page__free" ref={setFreeArea} />
            <div className="map-page__corner map-page__corner--bottom-left">
              <Slot name="map.bottom-left" />
              <RealtimePanels store={store} manifests={manifests} />
              <OverlayLegends store={store} manifests={manifests} />
            </div>
          </div>
        </div>
        <div className="map-page__rail map-page__rail--right">
          <div className="map-page__corner map-page__corner--top-right">
            <Slot name="map.top-right" />
            <ToolBar placement="navigation" />
          </div>
          <div className="map-page__corner map-page__corner--bottom-right">
            <Slot name="map.bottom-right" />
            <ToolBar placement="tools" fitRoom />
          </div>
        </div>
      </div>
      <OverlayDisclaimerDialog store={store} manifests={manifests} />
      {map ? (
        <OverlayPopup
          engine={map.engine}
          container={(map.host.viewer() as { container?: HTMLElement } | null)?.container ?? document.body}
          boundary={freeArea ?? undefined}
        />
      ) : null}
    </div>
  );
}
