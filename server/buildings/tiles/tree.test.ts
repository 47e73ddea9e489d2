import { describe, expect, it } from 'vitest';
import { buildTileTree, LEAF_MAX_BUILDINGS, LEAF_MAX_VERTICES, tilesOf, type BuildingSummary, type TileNode } from './tree';

/** A city of `count` small buildings on a grid 40 m apart, every 97th a tower. */
function city(count: number): BuildingSummary[] {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, k) => {
    const west = 114.1 + (k % side) * 0.0004;
    const south = 22.3 + Math.floor(k / side) * 0.0004;
    const tall = k % 97 === 0;
    return {
      id: `b${String(k).padStart(6, '0')}`,
      west,
      south,
      east: west + 0.0002,
      north: south + 0.0002,
      baseMetres: 4,
      groundMetres: 5,
      topMetres: tall ? 150 + (k % 7) : 20,
      vertexCount: 5 + (k % 20),
      sizeMetres: tall ? 146 + (k % 7) : 30,
    };
  });
}

describe('buildTileTree', () => {
  const summaries = city(20_000);
  const root = buildTileTree(summaries)!;
  const tiles = [...tilesOf(root)];

  it('puts every building in exactly one tile', () => {
    const seen = tiles.flatMap((tile) => tile.members).sort((a, b) => a - b);
    expect(seen).toEqual(summaries.map((_, k) => k));
  });

  it('keeps leaves within the size budget and gives them geometric error 0', () => {
    const leaves = tiles.filter((tile) => tile.children.length === 0);
    expect(leaves.length).toBeGreaterThan(10);
    for (const leaf of leaves) {
      expect(leaf.geometricError).toBe(0);
      expect(leaf.members.length).toBeLessThanOrEqual(LEAF_MAX_BUILDINGS);
      expect(leaf.members.reduce((sum, index) => sum + summaries[index].vertexCount, 0)).toBeLessThanOrEqual(LEAF_MAX_VERTICES);
    }
  });

  it('draws the towers first: a parent holds larger buildings than any it leaves to its children, whose error is never larger', () => {
    expect(root.members.every((index) => summaries[index].sizeMetres >= 146)).toBe(true);
    const check = (tile: TileNode) => {
      const smallestOwn = Math.min(...tile.members.map((index) => summaries[index].sizeMetres));
      for (const child of tile.children) {
        expect(child.geometricError).toBeLessThanOrEqual(tile.geometricError);
        for (const descendant of tilesOf(child)) {
          for (const index of descendant.members) expect(summaries[index].sizeMetres).toBeLessThanOrEqual(smallestOwn);
        }
        check(child);
      }
      if (tile.children.length) expect(tile.geometricError).toBe(Math.max(...tile.children.flatMap((child) => [...tilesOf(child)].flatMap((d) => d.members.map((index) => summaries[index].sizeMetres)))));
    };
    check(root);
  });

  it("gives each tile a region holding its buildings and its children's regions", () => {
    for (const tile of tiles) {
      for (const index of tile.members) {
        const summary = summaries[index];
        expect(summary.west >= tile.contentRegion[0] && summary.east <= tile.contentRegion[2] && summary.south >= tile.contentRegion[1] && summary.north <= tile.contentRegion[3]).toBe(true);
        expect(summary.baseMetres >= tile.contentRegion[4] && summary.topMetres <= tile.contentRegion[5]).toBe(true);
      }
      for (const region of [tile.contentRegion, ...tile.children.map((child) => child.region)]) {
        expect(region[0] >= tile.region[0] && region[1] >= tile.region[1] && region[2] <= tile.region[2] && region[3] <= tile.region[3]).toBe(true);
        expect(region[4] >= tile.region[4] && region[5] <= tile.region[5]).toBe(true);
      }
    }
  });

  it('is the same tree for the same buildings, and none for none', () => {
    expect(buildTileTree(city(20_000))).toEqual(root);
    expect(buildTileTree([])).toBeNull();
  });
});
