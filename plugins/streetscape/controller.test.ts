import { describe, expect, it, vi } from 'vitest';
import { geodesicDirect } from '../../core/contracts/geodesy';
import type { PanoramaIndex } from '../../core/contracts/panoramas';
import type { AnalyticsEmitter, CameraChange, CameraState, GraphicPolygon, MapFacade, MapPickResult } from '../../core/plugin/types';
import { createRecordingMap } from '../../core/map/testing/recordingMap';
import { createStreetscapeController } from './controller';
import { indexOf, streetOfPanoramas } from './testing';

const street = streetOfPanoramas(4);
const camera: CameraState = { longitude: 114.2, latitude: 22.3, heightMeters: 900, headingDegrees: 0, pitchDegrees: -45, rollDegrees: 0 };

function setup(loadIndex: () => Promise<PanoramaIndex> = () => Promise.resolve(indexOf(street)), overrides: Partial<MapFacade> = {}) {
  const cameraListeners = new Set<(state: CameraState, change: CameraChange) => void>();
  const polygons: GraphicPolygon[] = [];
  const setView = vi.fn();
  const flyToBounds = vi.fn();
  const recording = createRecordingMap({
    cameraState: () => camera,
    setView,
    flyToBounds,
    onCameraChanged: (listener) => {
      cameraListeners.add(listener);
      return () => cameraListeners.delete(listener);
    },
    ...overrides,
  });
  const map: MapFacade = {
    ...recording.map,
    temporaryGraphics: (owner) => {
      const layer = recording.map.temporaryGraphics(owner);
      return {
        ...layer,
        addGroundPolygons: (added) => (polygons.push(...added), () => {}),
        clear: () => {
          layer.clear();
          if (owner.endsWith('-view')) polygons.splice(0);
        },
      };
    },
  };
  const events: Parameters<AnalyticsEmitter['emit']>[0][] = [];
  const notifyUnavailable = vi.fn();
  const switchOff = vi.fn();
  const controller = createStreetscapeController({
    map,
    analytics: { emit: (event) => void events.push(event) },
    loadIndex,
    notifyUnavailable,
    showPanel: vi.fn(),
    switchOff,
    freeArea: () => Promise.resolve({ free: { left: 0.5, top: 0, right: 1, bottom: 1 }, aspect: 1.6 }),
  });
  const turnCamera = (headingDegrees: number, moveEnded: boolean) => {
    for (const listener of cameraListeners) listener({ ...camera, headingDegrees }, { moveEnded });
  };
  return { controller, recording, polygons, events, notifyUnavailable, switchOff, setView, flyToBounds, turnCamera };
}

const pickAt = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 10, y: 10 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 10 },
  surface: 'terrain',
});

describe('streetscape controller', () => {
  it('shows the panorama points while on and opens the nearest panorama from a map click', async () => {
    const { controller, recording, polygons, events, flyToBounds } = setup();
    controller.setActive(true);
    await vi.waitFor(() => expect(recording.drawn.points).toHaveLength(4));
    const pointer = recording.pointer();
    expect(pointer).toMatchObject({ id: 'streetscape', ownsClicks: true, cursor: 'crosshair' });
    const click = geodesicDirect(street[2], 150, 10);
    pointer!.onPick(pickAt(click.longitude, click.latitude));
    await vi.waitFor(() => expect(flyToBounds).toHaveBeenCalledOnce());
    expect(controller.state().open?.id).toBe(street[2].id);
    expect(events).toContainEqual({ name: 'streetscape::open', id: street[2].id, source: 'map' });
    // The cone looks along the panorama's heading at first, and the map is flown over the panorama.
    expect(controller.drawnCone()?.azimuthDegrees).toBe(60);
    expect(polygons).toHaveLength(1);
    const bounds = flyToBounds.mock.calls[0][0];
    expect(bounds.west).toBeLessThan(street[2].longitude);
    expect(bounds.east).toBeGreaterThan(street[2].longitude);
  });

  it('says it cannot start for a click away from the panoramas, and stays on', async () => {
    const { controller, recording, notifyUnavailable } = setup();
    controller.setActive(true);
    await vi.waitFor(() => expect(recording.drawn.points).toHaveLength(4));
    const far = geodesicDirect(street[0], 240, 200);
    recording.pointer()!.onPick(pickAt(far.longitude, far.latitude));
    await vi.waitFor(() => expect(notifyUnavailable).toHaveBeenCalledOnce());
    expect(controller.state().open).toBeNull();
    expect(controller.state().active).toBe(true);
  });

  it('says it cannot start when the index cannot be read, and can read it again', async () => {
    const loadIndex = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue(indexOf(street));
    const { controller, notifyUnavailable } = setup(loadIndex);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    controller.setActive(true);
    await vi.waitFor(() => expect(notifyUnavailable).toHaveBeenCalledOnce());
    expect(controller.state().index.status).toBe('failed');
    await controller.reload();
    expect(controller.state().index.status).toBe('ready');
  });

  it('closes the viewer with the message when the image fails, and puts the map view back', async () => {
    const { controller, notifyUnavailable, setView } = setup();
    controller.setActive(true);
    await controller.open(street[1].id, 'list');
    controller.imageFailed('some/other');
    expect(controller.state().open?.id).toBe(street[1].id);
    controller.imageFailed(street[1].id);
    expect(notifyUnavailable).toHaveBeenCalledOnce();
    expect(controller.state().open).toBeNull();
    expect(setView).toHaveBeenCalledWith(camera, { durationSeconds: 0.8 });
    expect(controller.drawnCone()).toBeNull();
  });

  it('moves the cone with the viewer (azimuth = heading + yaw) and keeps the direction when stepping', async () => {
    vi.useFakeTimers();
    try {
      const { controller } = setup();
      controller.setActive(true);
      await controller.open(street[0].id, 'list');
      controller.viewChanged({ yawDegrees: 45, pitchDegrees: -5, verticalFovDegrees: 60, aspect: 1 });
      expect(controller.state().azimuthDegrees).toBe(105);
      await vi.advanceTimersByTimeAsync(150);
      expect(controller.drawnCone()?.azimuthDegrees).toBe(105);
      expect(await controller.step('next')).toBe(true);
      expect(controller.state().open?.id).toBe(street[1].id);
      expect(controller.state().azimuthDegrees).toBe(105);
      expect(await controller.step('previous')).toBe(true);
      expect(await controller.step('previous')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns the panorama when the user turns the map, not during its own flight', async () => {
    const { controller, turnCamera } = setup();
    const turnBy = vi.fn();
    controller.attachViewer({ turnBy });
    controller.setActive(true);
    await controller.open(street[0].id, 'list');
    // The flight over the panorama changes the heading: not a turn of the user's.
    turnCamera(30, false);
    turnCamera(0, true);
    expect(turnBy).not.toHaveBeenCalled();
    turnCamera(25, false);
    expect(turnBy).toHaveBeenCalledWith(25);
  });

  it('opens the panorama nearest the ground at the map centre (the keyboard path)', async () => {
    const near = geodesicDirect(street[3], 0, 5);
    const { controller, notifyUnavailable } = setup(undefined, { pick: () => Promise.resolve(pickAt(near.longitude, near.latitude)) });
    controller.setActive(true);
    await controller.openAtMapCentre();
    expect(controller.state().open?.id).toBe(street[3].id);
    expect(notifyUnavailable).not.toHaveBeenCalled();
  });

  it('switching off closes the panorama, gives the pointer back and clears the map', async () => {
    const { controller, recording, setView } = setup();
    controller.setActive(true);
    await controller.open(street[0].id, 'link');
    controller.setActive(false);
    expect(controller.state().open).toBeNull();
    expect(recording.pointer()).toBeNull();
    expect(recording.drawn.points).toEqual([]);
    expect(setView).toHaveBeenCalledOnce();
  });

  it('Escape on the map switches the tool off', () => {
    const { controller, recording, switchOff } = setup();
    controller.setActive(true);
    recording.pointer()!.onEnd!();
    expect(switchOff).toHaveBeenCalledOnce();
  });
});
