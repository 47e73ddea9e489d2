/**
 * A light 2D map of the 1:1000 sheet grid (no Cesium on the download page): the portal's shaded-relief tiles
 * (Web Mercator XYZ, manifests/basemaps/relief.json) under an SVG of the sheets in view. Drag or arrow keys pan;
 * the wheel, the +/- buttons or keys zoom. From {@link SHEET_DETAIL_ZOOM} on every sheet is drawn and a click
 * toggles the sheet under the pointer; further out only the 1:20000 series outlines are drawn and a click zooms
 * in there. The geometry is in gridGeometry.ts; selection rules belong to the caller.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import reliefBaseMap from '../../../../manifests/basemaps/relief.json';
import { baseMapCredit } from '../../../../core/map/baseMaps';
import {
  boundsCentre,
  boundsPath,
  panBy,
  seriesOutlines,
  SHEET_DETAIL_ZOOM,
  sheetAtScreen,
  sheetsInView,
  viewAt,
  viewFitting,
  visibleTiles,
  zoomBy,
  type LonLat,
  type MapView,
  type Point,
  type SheetGrid,
} from './gridGeometry';

/** Victoria Harbour: where the map opens when nothing is selected yet. */
export const DEFAULT_CENTER: LonLat = [114.172, 22.292];
export const DEFAULT_ZOOM = 13;
/** A press that moves less than this is a click, not a drag (pixels). */
const CLICK_TOLERANCE = 4;
const KEY_PAN_PIXELS = 100;

export interface GridMapProps {
  grid: SheetGrid;
  selection: readonly string[];
  /**
   * Raised (any new value) when sheets were chosen away from the map — from the address or the sheet-number
   * field: the map then centres on the whole selection, zoomed so every chosen sheet is in view. A click on the
   * map does not move it (the clicked sheet is in view already).
   */
  focusRequest?: number;
  /** A sheet of the grid was clicked. */
  onSheetClick(id: string): void;
}

function tileUrl(z: number, x: number, y: number): string {
  return reliefBaseMap.url.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** Where the map opens: around the selection if there is one (so a shared link shows its sheets), else the harbour. */
function initialCenter(grid: SheetGrid, selection: readonly string[]): LonLat {
  const centres = selection.flatMap((id) => {
    const bounds = grid.get(id);
    return bounds ? [boundsCentre(bounds)] : [];
  });
  if (centres.length === 0) return DEFAULT_CENTER;
  return [centres.reduce((sum, [lon]) => sum + lon, 0) / centres.length, centres.reduce((sum, [, lat]) => sum + lat, 0) / centres.length];
}

export function GridMap({ grid, selection, focusRequest = 0, onSheetClick }: GridMapProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState<MapView>(() => viewAt(initialCenter(grid, selection), DEFAULT_ZOOM, 0, 0));
  const [hover, setHover] = useState<{ id: string; point: Point } | null>(null);
  /** The press under way, in viewport (client) coordinates: focusing the map may scroll the page mid-click, which must not count as a drag. */
  const press = useRef<{ start: Point; last: Point; dragged: boolean; pointerId: number } | null>(null);

  // Follow the container's size (the page is responsive).
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return undefined;
    const measure = () => setView((current) => ({ ...current, width: element.clientWidth, height: element.clientHeight }));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Centre on the selection when asked, once the map has a size (the request may come before the first measure).
  const appliedFocus = useRef(0);
  const measured = view.width > 0 && view.height > 0;
  const latestSelection = useRef(selection);
  latestSelection.current = selection;
  useEffect(() => {
    if (!measured || focusRequest === appliedFocus.current) return;
    appliedFocus.current = focusRequest;
    setView((current) => {
      const bounds = latestSelection.current.map((id) => grid.get(id)).filter((found) => found !== undefined);
      return viewFitting(bounds, current.width, current.height) ?? current;
    });
  }, [focusRequest, measured, grid]);

  // The wheel needs a non-passive listener to keep the page from scrolling while zooming the map.
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const anchor: Point = [event.clientX - rect.left, event.clientY - rect.top];
      setView((current) => zoomBy(current, event.deltaY < 0 ? 1 : -1, anchor));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const localPoint = (event: PointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    const point: Point = [event.clientX, event.clientY];
    press.current = { start: point, last: point, dragged: false, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    if (current && current.pointerId === event.pointerId) {
      const client: Point = [event.clientX, event.clientY];
      if (!current.dragged && Math.hypot(client[0] - current.start[0], client[1] - current.start[1]) >= CLICK_TOLERANCE) current.dragged = true;
      if (current.dragged) {
        const [dx, dy] = [client[0] - current.last[0], client[1] - current.last[1]];
        current.last = client;
        setView((previous) => panBy(previous, dx, dy));
        setHover(null);
        return;
      }
    }
    if (view.zoom < SHEET_DETAIL_ZOOM) {
      setHover(null);
      return;
    }
    const point = localPoint(event);
    const id = sheetAtScreen(view, point, grid);
    setHover(id ? { id, point } : null);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = press.current;
    press.current = null;
    if (!current || current.pointerId !== event.pointerId || current.dragged) return;
    const point = localPoint(event);
    if (view.zoom < SHEET_DETAIL_ZOOM) {
      setView((previous) => zoomBy(previous, SHEET_DETAIL_ZOOM - previous.zoom, point));
      return;
    }
    const id = sheetAtScreen(view, point, grid);
    if (id) onSheetClick(id);
  };

  const zoom = useCallback((steps: number) => setView((current) => zoomBy(current, steps)), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PIXELS, 0],
      ArrowRight: [-KEY_PAN_PIXELS, 0],
      ArrowUp: [0, KEY_PAN_PIXELS],
      ArrowDown: [0, -KEY_PAN_PIXELS],
    };
    if (event.target !== event.currentTarget) return;
    if (pans[event.key]) {
      const [dx, dy] = pans[event.key];
      setView((current) => panBy(current, dx, dy));
    } else if (event.key === '+' || event.key === '=') zoom(1);
    else if (event.key === '-' || event.key === '_') zoom(-1);
    else return;
    event.preventDefault();
  };

  const ready = view.width > 0 && view.height > 0;
  const detailed = view.zoom >= SHEET_DETAIL_ZOOM;
  const tiles = useMemo(() => (ready ? visibleTiles(view, reliefBaseMap.maximumLevel) : []), [ready, view]);
  const visibleSheets = useMemo(() => (ready && detailed ? sheetsInView(view, grid) : []), [ready, detailed, view, grid]);
  const series = useMemo(() => seriesOutlines(grid), [grid]);
  const selected = new Set(selection);

  return (
    <div className="grid-map">
      <div
        ref={containerRef}
        className={`grid-map__viewport${detailed ? ' grid-map__viewport--detailed' : ''}`}
        role="application"
        aria-roledescription={t('download.map.roleDescription')}
        aria-label={t('download.map.label')}
        aria-describedby="grid-map-help"
        tabIndex={0}
        data-zoom={view.zoom}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (press.current = null)}
        onPointerLeave={() => setHover(null)}
        onKeyDown={onKeyDown}
      >
        <div className="grid-map__tiles" aria-hidden="true">
          {tiles.map((tile) => (
            <img
              key={`${tile.z}/${tile.x}/${tile.y}`}
              src={tileUrl(tile.z, tile.x, tile.y)}
              alt=""
              draggable={false}
              style={{ left: tile.left, top: tile.top, width: tile.size, height: tile.size }}
            />
          ))}
        </div>
        {ready && (
          <svg className="grid-map__overlay" width={view.width} height={view.height} aria-hidden="true">
            {detailed
              ? visibleSheets.map((id) => (
                  <path key={id} d={boundsPath(view, grid.get(id)!)} data-sheet={id} className={selected.has(id) ? 'grid-map__sheet grid-map__sheet--selected' : 'grid-map__sheet'} />
                ))
              : series.map(({ series: number, bounds }) => <path key={number} d={boundsPath(view, bounds)} className="grid-map__series" data-series={number} />)}
            {!detailed &&
              selection.map((id) => {
                const bounds = grid.get(id);
                return bounds ? <path key={id} d={boundsPath(view, bounds)} data-sheet={id} className="grid-map__sheet grid-map__sheet--selected" /> : null;
              })}
            {hover && detailed && <path d={boundsPath(view, grid.get(hover.id)!)} className="grid-map__sheet grid-map__sheet--hover" />}
          </svg>
        )}
        {hover && detailed && (
          <div className="grid-map__hover-label" style={{ left: hover.point[0] + 12, top: hover.point[1] + 12 }} aria-hidden="true">
            {hover.id}
          </div>
        )}
        {!detailed && <p className="grid-map__hint">{t('download.map.zoomHint')}</p>}
        <div className="grid-map__zoom">
          <button type="button" className="icon-button" aria-label={t('download.map.zoomIn')} onClick={() => zoom(1)}>
            +
          </button>
          <button type="button" className="icon-button" aria-label={t('download.map.zoomOut')} onClick={() => zoom(-1)}>
            −
          </button>
        </div>
        <p className="grid-map__credit">{baseMapCredit(reliefBaseMap, intl.locale)}</p>
      </div>
      <p id="grid-map-help" className="grid-map__help">
        {t('download.map.help')}
      </p>
    </div>
  );
}
