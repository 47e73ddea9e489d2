/**
 * Mounts the Cesium map host in a div, attaches it to the plugins' deferred map facade, starts the overlay
 * engine, and shows 'Retrieving data...' until the first globe tiles are drawn. StrictMode's
 * mount/unmount/mount is safe: the first host is disposed before Cesium has even loaded, so one viewer exists.
 * When the Cesium chunk fails or times out (SPEC §7, §8) the chunk-failure message offers Retry, which builds the
 * map host again; on a phone the loading can be paused (SPEC §4, app/chunks/MapLoadingPause.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { View } from '../../core/manifests/schemas';
import { createMapHost, installMapTestHook, type MapHost } from '../../core/map/mapHost';
import { DEFAULT_BASE_MAP } from '../../core/map/baseMaps';
import type { CreditDisplayTexts } from '../../core/map/creditLine';
import type { Language } from '../../core/plugin/types';
import { startRendering } from '../../core/map/liteRendering';
import { createOverlayEngine, type OverlayEngine } from '../../core/overlay/engine';
import { appStore } from '../../core/store';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { useDeferredMap, usePluginHost } from '../plugins/PluginHostContext';
import { noticeService } from '../plugins/notices';
import { asChunkLoadError, type ChunkFailureKind } from '../../core/chunks/chunkLoading';
import { ChunkFailure } from '../chunks/ChunkFailure';
import { MapLoadingPause } from '../chunks/MapLoadingPause';

export interface MapViewProps {
  startView: View;
  homeView: View;
  /** Called with the host and overlay engine once the viewer exists, and with nulls on unmount. */
  onReady?: (map: { host: MapHost; engine: OverlayEngine } | null) => void;
}

/** Cesium's credit widget texts ("Data attribution") in the page language. */
function creditTexts(intl: IntlShape): CreditDisplayTexts {
  return {
    expand: intl.formatMessage({ id: 'map.credits.expand' }),
    title: intl.formatMessage({ id: 'map.credits.title' }),
    close: intl.formatMessage({ id: 'map.credits.close' }),
    terrain: intl.formatMessage({ id: 'map.credits.terrain' }),
  };
}

export function MapView({ startView, homeView, onReady }: MapViewProps) {
  const intl = useIntl();
  const containerRef = useRef<HTMLDivElement>(null);
  const deferredMap = useDeferredMap();
  const pluginHost = usePluginHost();
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  /** The Cesium chunk did not arrive (its kind), shown with Retry; `attempt` rebuilds the host on Retry. */
  const [chunkFailed, setChunkFailed] = useState<ChunkFailureKind | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [paused, setPaused] = useState(false);
  const hostRef = useRef<MapHost | null>(null);
  // The effect below must run once per mount; these are read through refs so a re-render does not rebuild Cesium.
  const latest = useRef({ startView, homeView, onReady, intl });
  latest.current = { startView, homeView, onReady, intl };

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const { startView: start, homeView: home } = latest.current;
    const notices = pluginHost?.services.notices ?? noticeService;
    const format = (id: string, values?: Record<string, string | number>) => latest.current.intl.formatMessage({ id }, values);
    const host = createMapHost(container, {
      startView: start,
      homeView: home,
      // Full rendering unless the address asks for light or the browser draws in software (core/map/liteRendering.ts).
      lite: startRendering(window.location.search).lite,
      // The default of manifests/basemaps (the map style drawer switches it later).
      baseMap: DEFAULT_BASE_MAP,
      language: latest.current.intl.locale as Language,
      creditTexts: creditTexts(latest.current.intl),
      onTerrainUnavailable: (error) => {
        console.warn('terrain unavailable, using the ellipsoid', error);
        notices.show({ id: 'map-terrain-unavailable', message: format('map.terrain.unavailable'), severity: 'warning' });
      },
      onError: (error) => {
        console.error('the map could not start', error);
        const chunkError = asChunkLoadError(error);
        if (chunkError) setChunkFailed(chunkError.kind);
        else setFailed(true);
      },
    });
    hostRef.current = host;
    host.setLanguage(latest.current.intl.locale as Language, creditTexts(latest.current.intl));
    const removeHook = installMapTestHook(host);
    const detach = deferredMap?.attach(host);
    let engine: OverlayEngine | null = null;
    let cancelled = false;

    host.ready
      .then(() => {
        if (cancelled || host.isDisposed()) return;
        const registries = pluginHost?.registries;
        engine = createOverlayEngine({
          host,
          store: pluginHost?.services.store ?? appStore,
          overlays: registries?.overlays ?? { list: () => [], subscribe: () => () => {} },
          handlers: registries?.overlayHandlers,
          urlBuilders: registries?.urlBuilders,
          i18n: { format },
          notices,
          apiBase: pluginHost?.services.apiBase,
        });
        latest.current.onReady?.({ host, engine });
      })
      .catch(() => {
        /* reported through onError */
      });
    host.firstTilesLoaded.then(() => {
      if (!cancelled) setLoaded(true);
    });

    return () => {
      cancelled = true;
      latest.current.onReady?.(null);
      engine?.dispose();
      detach?.();
      removeHook();
      host.dispose();
      if (hostRef.current === host) hostRef.current = null;
    };
  }, [deferredMap, pluginHost, attempt]);

  // The credit line follows the page language, like every other text.
  useEffect(() => {
    hostRef.current?.setLanguage(intl.locale as Language, creditTexts(intl));
  }, [intl]);

  return (
    <div className="map-view">
      {/* Focusable from code (not in the tab order): a tool taking map keys focuses it (MapFacade.container). */}
      <div ref={containerRef} className="map-view__canvas" role="region" tabIndex={-1} aria-label={intl.formatMessage({ id: 'app.map.label' })} />
      {!loaded && !failed && !chunkFailed && !paused ? <LoadingOverlay /> : null}
      {!loaded && !failed && !chunkFailed ? (
        <MapLoadingPause
          paused={paused}
          onPause={() => {
            hostRef.current?.pauseLoading();
            setPaused(true);
          }}
        />
      ) : null}
      {chunkFailed ? (
        <ChunkFailure
          kind={chunkFailed}
          onRetry={() => {
            setChunkFailed(null);
            setAttempt((value) => value + 1);
          }}
        />
      ) : null}
      {failed ? (
        <div className="map-view__failed" role="alert">
          {intl.formatMessage({ id: 'map.failed' })}
        </div>
      ) : null}
    </div>
  );
}

export default MapView;
