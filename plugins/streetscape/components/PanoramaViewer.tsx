/**
 * The panorama viewer: Photo Sphere Viewer 5 with its markers plugin (this chunk, with three.js and their CSS, loads
 * only when a panorama opens). Looks around by drag, touch, the arrow keys and the wheel or a pinch; zooms; steps
 * along the street (buttons, Page Up / Page Down, the arrows drawn in the panorama, a click toward the next one);
 * switches the street view boost level keeping the direction; reads out the heading; marks rendered samples; and
 * is the PanoramaSurface the measuring panel (plugins/streetscape/measure) works on.
 */
import { Viewer, type Position } from '@photo-sphere-viewer/core';
import { MarkersPlugin, type MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { azimuthToYawDegrees, directionToEnu, normaliseDegrees, type ViewDirection } from '../../../core/contracts/equirectangular';
import type { PanoramaSummary } from '../../../core/contracts/panoramas';
import type { Disposer, PluginContext } from '../../../core/plugin/types';
import type { StreetscapeController } from '../controller';
import { imageForLevel, neighbourToward, streetNeighbours, type StreetNeighbour } from '../panoramas';
import { compassPoint, paddedDegrees } from '../readout';
import type { PanoramaMark, PanoramaSurface } from '../surface';

/** The measuring panel (plugins/streetscape/measure), loaded with the viewer's chunk. */
const MeasurePanel = lazy(() => import('../measure/MeasurePanel'));

const RADIANS = Math.PI / 180;
/** A key press turns the view by this much, degrees (three times with Shift). */
const KEY_TURN_DEGREES = 10;
/** The arrows toward the neighbours are drawn this far below the horizon, degrees (on the street). */
const STEP_ARROW_PITCH_DEGREES = -25;
const STREET_MARKER_PREFIX = 'street-';
const MARK_PREFIX = 'mark-';

/** What the browser test reads and aims with (`window.__hkStreetscape`). */
export interface StreetscapeTestHook {
  /** The panorama whose image is on screen, null while loading or closed. */
  panoramaId(): string | null;
  azimuthDegrees(): number;
  elevationDegrees(): number;
  /** The azimuth of the view cone drawn on the map last, null when none is drawn. */
  coneAzimuthDegrees(): number | null;
  /** Where that cone starts on the map (the panorama's position), null when none is drawn. */
  coneApex(): { longitude: number; latitude: number } | null;
  /** Page coordinates (CSS pixels) of a direction in the viewer, null when it lies behind the view. */
  screenPointOf(direction: ViewDirection): { x: number; y: number } | null;
  /** Turns the view to a direction at once. */
  lookAt(direction: ViewDirection): void;
}

function toPosition(direction: ViewDirection, headingDegrees: number): Position {
  return { yaw: normaliseDegrees(azimuthToYawDegrees(direction.azimuthDegrees, headingDegrees)) * RADIANS, pitch: direction.elevationDegrees * RADIANS };
}

function toDirection(position: Position, headingDegrees: number): ViewDirection {
  return {
    azimuthDegrees: normaliseDegrees(headingDegrees + position.yaw / RADIANS),
    elevationDegrees: Math.max(-90, Math.min(90, position.pitch / RADIANS)),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The PanoramaSurface over one Photo Sphere Viewer (see ../surface.ts). */
interface ViewerSurface extends PanoramaSurface {
  setShown(panorama: PanoramaSummary | null): void;
  /** The click listener the measuring tools set, if any. */
  clickListener(): ((direction: ViewDirection) => void) | null;
  onMarksChange(listener: () => void): Disposer;
  marks(): readonly PanoramaMark[];
  onClicksTaken(listener: (taken: boolean) => void): Disposer;
}

function createViewerSurface(viewer: () => Viewer | null): ViewerSurface {
  let shown: PanoramaSummary | null = null;
  const panoramaListeners = new Set<(panorama: PanoramaSummary | null) => void>();
  const markListeners = new Set<() => void>();
  const clickTakenListeners = new Set<(taken: boolean) => void>();
  let clicks: ((direction: ViewDirection) => void) | null = null;
  let marks: readonly PanoramaMark[] = [];
  return {
    panorama: () => shown,
    onPanoramaChange(listener) {
      panoramaListeners.add(listener);
      return () => panoramaListeners.delete(listener);
    },
    viewCentre() {
      const psv = viewer();
      if (!psv || !shown) return { azimuthDegrees: 0, elevationDegrees: 0 };
      return toDirection(psv.getPosition(), shown.headingDegrees);
    },
    takeClicks(listener) {
      clicks = listener;
      for (const notify of clickTakenListeners) notify(true);
      return () => {
        if (clicks !== listener) return;
        clicks = null;
        for (const notify of clickTakenListeners) notify(false);
      };
    },
    setMarks(next) {
      marks = [...next];
      for (const notify of markListeners) notify();
    },
    setShown(panorama) {
      if (panorama?.id === shown?.id) return;
      shown = panorama;
      for (const notify of [...panoramaListeners]) notify(panorama);
    },
    clickListener: () => clicks,
    onMarksChange(listener) {
      markListeners.add(listener);
      return () => markListeners.delete(listener);
    },
    marks: () => marks,
    onClicksTaken(listener) {
      clickTakenListeners.add(listener);
      return () => clickTakenListeners.delete(listener);
    },
  };
}

function markMarker(mark: PanoramaMark, headingDegrees: number): MarkerConfig {
  if (mark.kind === 'point') {
    const label = mark.label ? `<span class="streetscape-mark__label">${escapeHtml(mark.label)}</span>` : '';
    return {
      id: `${MARK_PREFIX}${mark.id}`,
      position: toPosition(mark.direction, headingDegrees),
      html: `<span class="streetscape-mark"><span class="streetscape-mark__dot"></span>${label}</span>`,
      anchor: 'center center',
    };
  }
  const from = toPosition(mark.from, headingDegrees);
  const to = toPosition(mark.to, headingDegrees);
  return {
    id: `${MARK_PREFIX}${mark.id}`,
    polyline: [
      [from.yaw, from.pitch],
      [to.yaw, to.pitch],
    ],
    svgStyle: { stroke: '#ffd43b', strokeWidth: '3px', ...(mark.dashed ? { strokeDasharray: '8 6' } : {}) },
    ...(mark.label ? { tooltip: mark.label } : {}),
  };
}

export default function PanoramaViewer({ controller, ctx }: { controller: StreetscapeController; ctx: PluginContext }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const state = useSyncExternalStore(controller.subscribe, controller.state);
  const panorama = state.open;
  const language = ctx.i18n.language();
  const container = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const surface = useMemo(() => createViewerSurface(() => viewerRef.current), []);
  const [shown, setShown] = useState<PanoramaSummary | null>(null);
  /** The image on screen (a boost level switch loads another of the same panorama). */
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [clicksTaken, setClicksTaken] = useState(false);
  const keysId = useId();
  const neighbours = useMemo<StreetNeighbour[]>(
    () => (panorama && state.index.data ? streetNeighbours(state.index.data.panoramas, panorama) : []),
    [panorama, state.index.data],
  );
  const neighboursRef = useRef(neighbours);
  neighboursRef.current = neighbours;

  /** Reports the view to the controller (azimuth, elevation, field of view: the readout and the map's cone). */
  const report = () => {
    const psv = viewerRef.current;
    const open = controller.state().open;
    if (!psv || !open || surface.panorama()?.id !== open.id) return;
    const position = psv.getPosition();
    controller.viewChanged({
      yawDegrees: position.yaw / RADIANS,
      pitchDegrees: position.pitch / RADIANS,
      verticalFovDegrees: psv.state.vFov,
      aspect: psv.state.aspect,
    });
  };
  const reportRef = useRef(report);
  reportRef.current = report;

  // The viewer itself: made once, destroyed with the panel.
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const psv = new Viewer({
      container: element,
      navbar: false,
      // Our own keys on the focused viewer (arrows, zoom, Page Up/Down, Escape): see onKeyDown.
      keyboard: false,
      mousewheel: true,
      touchmoveTwoFingers: false,
      minFov: 30,
      maxFov: 100,
      defaultZoomLvl: 40,
      loadingTxt: intl.formatMessage({ id: 'streetscape.viewer.loadingImage' }),
      plugins: [[MarkersPlugin, {}]],
    });
    viewerRef.current = psv;
    const onView = () => reportRef.current();
    psv.addEventListener('position-updated', onView);
    psv.addEventListener('zoom-updated', onView);
    psv.addEventListener('size-updated', onView);
    psv.addEventListener('click', ({ data }) => {
      const open = surface.panorama();
      if (!open || data.rightclick) return;
      const direction = toDirection({ yaw: data.yaw, pitch: data.pitch }, open.headingDegrees);
      const listener = surface.clickListener();
      if (listener) {
        listener(direction);
        return;
      }
      // A click on the street toward a neighbour steps there, as the arrows do.
      if (direction.elevationDegrees >= 0) return;
      const toward = neighbourToward(neighboursRef.current, direction.azimuthDegrees);
      if (toward) void controller.step(toward.step);
    });
    const markers = psv.getPlugin<MarkersPlugin>(MarkersPlugin);
    markers.addEventListener('select-marker', ({ marker }) => {
      if (!marker.id.startsWith(STREET_MARKER_PREFIX) || surface.clickListener()) return;
      void controller.step(marker.id.slice(STREET_MARKER_PREFIX.length) === 'next' ? 'next' : 'previous');
    });
    const detachPort = controller.attachViewer({
      turnBy(degrees) {
        const position = psv.getPosition();
        psv.rotate({ yaw: position.yaw + degrees * RADIANS, pitch: position.pitch });
      },
    });
    const stopClicks = surface.onClicksTaken(setClicksTaken);
    const hook: StreetscapeTestHook = {
      panoramaId: () => surface.panorama()?.id ?? null,
      azimuthDegrees: () => controller.state().azimuthDegrees,
      elevationDegrees: () => controller.state().elevationDegrees,
      coneAzimuthDegrees: () => controller.drawnCone()?.azimuthDegrees ?? null,
      coneApex() {
        const apex = controller.drawnCone()?.ring[0];
        return apex ? { longitude: apex[0], latitude: apex[1] } : null;
      },
      screenPointOf(direction) {
        const open = surface.panorama();
        if (!open) return null;
        const [e1, n1, u1] = directionToEnu(direction);
        const [e2, n2, u2] = directionToEnu(surface.viewCentre());
        if (e1 * e2 + n1 * n2 + u1 * u2 <= 0.05) return null;
        const point = psv.dataHelper.sphericalCoordsToViewerCoords(toPosition(direction, open.headingDegrees));
        const box = element.getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
      lookAt(direction) {
        const open = surface.panorama();
        if (open) psv.rotate(toPosition(direction, open.headingDegrees));
      },
    };
    const win = window as unknown as { __hkStreetscape?: StreetscapeTestHook };
    win.__hkStreetscape = Object.freeze(hook);
    return () => {
      if (win.__hkStreetscape === hook) delete win.__hkStreetscape;
      stopClicks();
      detachPort();
      surface.setShown(null);
      viewerRef.current = null;
      psv.destroy();
    };
    // Made once: the language of its loading text is the one at opening.
  }, []);

  // The image: a new panorama, or another boost level of the same one (keeping the direction).
  const image = panorama ? imageForLevel(panorama, state.boostLevel) : null;
  useEffect(() => {
    const psv = viewerRef.current;
    if (!psv || !panorama || !image) return;
    const current = controller.state();
    const sameImageSet = surface.panorama()?.id === panorama.id;
    const position = sameImageSet ? psv.getPosition() : toPosition({ azimuthDegrees: current.azimuthDegrees, elevationDegrees: current.elevationDegrees }, panorama.headingDegrees);
    let cancelled = false;
    psv
      .setPanorama(image.url, { position, transition: false, showLoader: true })
      .then((done) => {
        if (cancelled || !done) return;
        surface.setShown(panorama);
        setShown(panorama);
        setShownUrl(image.url);
        reportRef.current();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error(`streetscape: the image of ${panorama.id} could not be loaded`, error);
        controller.imageFailed(panorama.id);
      });
    return () => {
      cancelled = true;
    };
  }, [panorama, image, controller, surface]);

  // The arrows toward the neighbours and the measuring tools' marks, drawn over the shown panorama.
  const [marksVersion, setMarksVersion] = useState(0);
  useEffect(() => surface.onMarksChange(() => setMarksVersion((version) => version + 1)), [surface]);
  useEffect(() => {
    const psv = viewerRef.current;
    if (!psv || !shown) return;
    const markers = psv.getPlugin<MarkersPlugin>(MarkersPlugin);
    const arrows: MarkerConfig[] = neighbours.map((neighbour) => ({
      id: `${STREET_MARKER_PREFIX}${neighbour.step}`,
      position: toPosition({ azimuthDegrees: neighbour.azimuthDegrees, elevationDegrees: STEP_ARROW_PITCH_DEGREES }, shown.headingDegrees),
      html: `<span class="streetscape-arrow">➤</span>`,
      anchor: 'center center',
      tooltip: escapeHtml(intl.formatMessage({ id: neighbour.step === 'next' ? 'streetscape.next' : 'streetscape.previous' })),
    }));
    markers.setMarkers([...arrows, ...surface.marks().map((mark) => markMarker(mark, shown.headingDegrees))]);
  }, [shown, neighbours, marksVersion, surface, intl]);

  if (!panorama) return null;
  const streetName = panorama.street?.name[language] ?? panorama.id;
  const set = state.index.data?.sets.find((candidate) => candidate.id === panorama.setId);
  const captured = new Date(panorama.capturedAt);
  const capturedText = Number.isNaN(captured.getTime()) ? panorama.capturedAt : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(captured);
  const loading = shown?.id !== panorama.id || shownUrl !== image?.url;
  const psv = () => viewerRef.current;
  const turn = (yawDegrees: number, pitchDegrees: number) => {
    const viewer = psv();
    if (!viewer) return;
    const position = viewer.getPosition();
    const pitch = Math.max(-85 * RADIANS, Math.min(85 * RADIANS, position.pitch + pitchDegrees * RADIANS));
    viewer.rotate({ yaw: position.yaw + yawDegrees * RADIANS, pitch });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_TURN_DEGREES * 3 : KEY_TURN_DEGREES;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => turn(-step, 0),
      ArrowRight: () => turn(step, 0),
      ArrowUp: () => turn(0, step),
      ArrowDown: () => turn(0, -step),
      '+': () => psv()?.zoomIn(),
      '=': () => psv()?.zoomIn(),
      '-': () => psv()?.zoomOut(),
      PageUp: () => void controller.step('next'),
      PageDown: () => void controller.step('previous'),
      // Escape leaves the panorama only (the map's tool stays on): stopped here so the map does not end the tool.
      Escape: () => controller.close(),
      Enter: () => {
        const listener = surface.clickListener();
        if (listener) listener(surface.viewCentre());
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return (
    <div className="streetscape-viewer">
      <div className="streetscape-viewer__head">
        <h3 className="streetscape-viewer__title">{streetName}</h3>
        <button type="button" className="ui-button ui-button--primary" onClick={() => controller.close()}>
          {t('streetscape.exit')}
        </button>
      </div>
      {panorama.sample ? <p className="streetscape__badge">{t('streetscape.sample')}</p> : null}
      <div className="streetscape-viewer__stage">
        <div
          ref={container}
          className={clicksTaken ? 'streetscape-viewer__psv streetscape-viewer__psv--aiming' : 'streetscape-viewer__psv'}
          tabIndex={0}
          role="application"
          aria-roledescription={t('streetscape.viewer.role')}
          aria-label={t('streetscape.viewer.label', { street: streetName })}
          aria-describedby={keysId}
          aria-busy={loading}
          data-testid="streetscape-viewer"
          data-panorama={shown?.id ?? ''}
          onKeyDown={onKeyDown}
        />
        <p className="streetscape-viewer__readout" data-testid="streetscape-heading">
          {t('streetscape.facing', { degrees: paddedDegrees(state.azimuthDegrees), compass: t(`streetscape.compass.${compassPoint(state.azimuthDegrees)}`) })}
        </p>
        {clicksTaken ? <span className="streetscape-viewer__crosshair" aria-hidden="true" /> : null}
      </div>
      <div className="streetscape-viewer__controls">
        <button type="button" className="ui-button" disabled={!panorama.previousId} onClick={() => void controller.step('previous')}>
          {t('streetscape.previous')}
        </button>
        <button type="button" className="ui-button" disabled={!panorama.nextId} onClick={() => void controller.step('next')}>
          {t('streetscape.next')}
        </button>
        <button type="button" className="ui-button" aria-label={t('streetscape.zoomOut')} onClick={() => psv()?.zoomOut()}>
          −
        </button>
        <button type="button" className="ui-button" aria-label={t('streetscape.zoomIn')} onClick={() => psv()?.zoomIn()}>
          +
        </button>
        <label className="streetscape-viewer__boost">
          {t('streetscape.boost')}
          <select value={Math.min(state.boostLevel, panorama.images.length - 1)} onChange={(event) => controller.setBoostLevel(Number(event.target.value))}>
            {[...panorama.images]
              .sort((a, b) => a.width - b.width)
              .map((option, level) => (
                <option key={option.url} value={level}>
                  {t('streetscape.boost.level', { level: level + 1, width: option.width })}
                </option>
              ))}
          </select>
        </label>
      </div>
      <p id={keysId} className="streetscape-viewer__keys">
        {t('streetscape.viewer.keys')}
      </p>
      <p className="streetscape-viewer__meta">
        {t('streetscape.captured', { date: capturedText })}
        {set ? <> · {t('streetscape.attribution', { attribution: set.attribution[language] })}</> : null}
      </p>
      {shown ? (
        <Suspense fallback={null}>
          <MeasurePanel surface={surface} ctx={ctx} />
        </Suspense>
      ) : null}
    </div>
  );
}
