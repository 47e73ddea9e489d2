import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { droppedInFile, lines } from './geojsonFiles';

describe('reading the routing GeoJSON', () => {
  it('gives the lines of a LineString and a MultiLineString and none of anything else', () => {
    expect(lines({ type: 'LineString', coordinates: [[114, 22], [114.1, 22.1]] })).toEqual([[[114, 22], [114.1, 22.1]]]);
    expect(lines({ type: 'MultiLineString', coordinates: [[[114, 22], [114.1, 22.1]], [[114.2, 22.2], [114.3, 22.3]]] })).toHaveLength(2);
    expect(lines({ type: 'Point', coordinates: [114, 22] })).toEqual([]);
    expect(lines(null)).toEqual([]);
  });

  it('finds a dropped-in network file by its variable, else at the default path, and names a missing one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geojson-files-'));
    expect(droppedInFile(dataDir, {}, 'NETWORK_FILE', 'roads/net.geojson')).toBeNull();
    mkdirSync(join(dataDir, 'roads'));
    writeFileSync(join(dataDir, 'roads/net.geojson'), '{"features":[]}');
    expect(droppedInFile(dataDir, {}, 'NETWORK_FILE', 'roads/net.geojson')).toBe(join(dataDir, 'roads/net.geojson'));
    const other = join(dataDir, 'other.geojson');
    writeFileSync(other, '{"features":[]}');
    expect(droppedInFile(dataDir, { NETWORK_FILE: other }, 'NETWORK_FILE', 'roads/net.geojson')).toBe(other);
    expect(() => droppedInFile(dataDir, { NETWORK_FILE: join(dataDir, 'missing.geojson') }, 'NETWORK_FILE', 'x')).toThrow(/NETWORK_FILE names .*missing\.geojson, which does not exist/);
  });
});
