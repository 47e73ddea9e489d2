import { describe, expect, it } from 'vitest';
import { parseManifestColour } from '../../core/overlay/shapeDrawer';
import { parseCssColour } from '../../core/overlay/colour';
import { OZP_ZONES, UNKNOWN_ZONE_COLOUR } from '../../core/contracts/zoning';
import { ZONE_FILL_ALPHA, zoneFillColour } from './zoningColours';

describe('zone fill colours', () => {
  it('fill each zone, sub-zones included, in its legend colour at the layer opacity', () => {
    const gic = parseManifestColour(zoneFillColour({ zone: 'G/IC(1)' }));
    expect(gic).toEqual({ rgb: parseCssColour(OZP_ZONES.find((zone) => zone.code === 'G/IC')!.colour), alpha: ZONE_FILL_ALPHA });
    expect(parseManifestColour(zoneFillColour({ zone: 'OU' })).rgb).toEqual(parseCssColour(OZP_ZONES.find((zone) => zone.code === 'OU')!.colour));
  });

  it('fill a code outside the notation, or none, in the unknown-zone grey', () => {
    expect(parseManifestColour(zoneFillColour({ zone: 'XYZ' })).rgb).toEqual(parseCssColour(UNKNOWN_ZONE_COLOUR));
    expect(parseManifestColour(zoneFillColour({})).rgb).toEqual(parseCssColour(UNKNOWN_ZONE_COLOUR));
  });
});
