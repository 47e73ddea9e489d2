import { describe, expect, it, vi } from 'vitest';
import { createInteractionModes } from '../../core/map/interactionModes';
import { createNoopMapFacade } from '../../core/map/noopFacade';
import type { GraphicPoint, MapPickResult } from '../../core/plugin/types';
import { createInspectorController } from './inspectorController';

const click = (longitude: number, latitude: number): MapPickResult => ({
  screen: { x: 1, y: 1 },
  feature: null,
  hitOtherObject: false,
  position: { longitude, latitude, heightMeters: 50 },
  surface: 'terrain',
});

function setUp() {
  const modes = createInteractionModes();
  const markers: GraphicPoint[][] = [];
  const map = createNoopMapFacade({
    takePointer: (mode) => modes.take(mode),
    cameraState: () => ({ longitude: 114.1, latitude: 22.2, heightMeters: 3000, headingDegrees: 10, pitchDegrees: -45, rollDegrees: 0 }),
    temporaryGraphics: () => ({
      addPolylines: () => () => {},
      addLabels: () => () => {},
      addPolygons: () => () => {},
      addPoints: (points) => {
        markers.push([...points]);
        return () => {};
      },
      addGroundPolylines: () => () => {},
      addGroundPolygons: () => () => {},
      clear: () => void markers.splice(0),
    }),
  });
  const onEscape = vi.fn();
  const controller = createInspectorController({ map, onEscape });
  return { controller, modes, markers, onEscape };
}

describe('inspector controller', () => {
  it('takes the pointer over identify and updates on every click with the camera of that moment', () => {
    const { controller, modes, markers } = setUp();
    const identify = vi.fn();
    modes.take({ id: 'identify', onPick: identify, endOnEscape: false });
    controller.setActive(true);
    expect(modes.active()).toBe('inspector');
    modes.dispatch(click(114.17, 22.3));
    modes.dispatch(click(114.18, 22.31));
    expect(identify).not.toHaveBeenCalled();
    expect(controller.getState().point).toEqual({ longitude: 114.18, latitude: 22.31, heightMeters: 50, surface: 'terrain' });
    expect(controller.getState().camera?.pitchDegrees).toBe(-45);
    expect(markers).toEqual([[expect.objectContaining({ longitude: 114.18, latitude: 22.31 })]]);
    controller.setActive(false);
    expect(modes.active()).toBe('identify');
    expect(markers).toEqual([]);
    expect(controller.getState().point).toBeNull();
  });

  it('Escape ends it through the store switch', () => {
    const { controller, modes, onEscape } = setUp();
    controller.setActive(true);
    expect(modes.escape()).toBe(true);
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(modes.active()).toBeNull();
  });
});
