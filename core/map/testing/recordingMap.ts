/**
 * Test support: the no-op map facade with temporary graphics that record what a tool drew (emptied again by the
 * layer's `clear()`) and a pointer that records the mode holding it, for the unit tests of tools that draw on the
 * map and pick places on it. `overrides` replace facade methods (camera spies, a fake `pick`). Not imported by app
 * code.
 */
import type { GraphicLabel, GraphicPoint, GraphicPolyline, GroundPolyline, MapFacade, PointerMode } from '../../plugin/types';
import { createNoopMapFacade } from '../noopFacade';

export function createRecordingMap(overrides: Partial<MapFacade> = {}) {
  const drawn = { points: [] as GraphicPoint[], groundLines: [] as GroundPolyline[], lines: [] as GraphicPolyline[], labels: [] as GraphicLabel[] };
  let pointer: PointerMode | null = null;
  const map = createNoopMapFacade({
    temporaryGraphics: () => ({
      addPoints: (added) => (drawn.points.push(...added), () => {}),
      addGroundPolylines: (added) => (drawn.groundLines.push(...added), () => {}),
      addGroundPolygons: () => () => {},
      addPolylines: (added) => (drawn.lines.push(...added), () => {}),
      addLabels: (added) => (drawn.labels.push(...added), () => {}),
      addPolygons: () => () => {},
      clear: () => {
        for (const list of Object.values(drawn)) list.splice(0);
      },
    }),
    takePointer: (mode) => {
      pointer = mode;
      return () => (pointer = null);
    },
    ...overrides,
  });
  return { map, drawn, pointer: () => pointer };
}
