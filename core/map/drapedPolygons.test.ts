import { describe, expect, it } from 'vitest';
import type { GraphicPolygon } from '../plugin/types';
import { drapedBatches } from './drapedPolygons';

const square = (fillColour: string, drapeOver?: GraphicPolygon['drapeOver']): GraphicPolygon => ({
  positions: [
    [114, 22],
    [114.001, 22],
    [114.001, 22.001],
  ],
  fillColour,
  ...(drapeOver ? { drapeOver } : {}),
});

describe('drapedBatches', () => {
  it('keeps terrain-only polygons of any colour in one batch (the default drape)', () => {
    const polygons = [square('red'), square('blue', 'terrain')];
    expect(drapedBatches(polygons)).toEqual([{ classification: 'terrain', polygons }]);
  });

  it('gives polygons over terrain and models one batch per fill colour, after the terrain batch', () => {
    const green1 = square('rgba(0, 200, 0, 0.4)', 'terrain-and-models');
    const red = square('rgba(220, 0, 0, 0.4)', 'terrain-and-models');
    const green2 = square('rgba(0, 200, 0, 0.4)', 'terrain-and-models');
    const ground = square('grey');
    expect(drapedBatches([green1, red, ground, green2])).toEqual([
      { classification: 'terrain', polygons: [ground] },
      { classification: 'both', polygons: [green1, green2] },
      { classification: 'both', polygons: [red] },
    ]);
  });

  it('has no batch for no polygons', () => {
    expect(drapedBatches([])).toEqual([]);
  });
});
