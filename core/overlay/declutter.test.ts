import { describe, expect, it } from 'vitest';
import { declutter, rectsOverlap, type DeclutterCandidate, type ScreenRect } from './declutter';

const box = (x: number, y: number, width = 60, height = 16): ScreenRect => ({ x, y, width, height });
const label = (id: string, rect: ScreenRect, priority = 50, wasShown = false, mustShow = false): DeclutterCandidate => ({ id, rect, priority, wasShown, mustShow });

/** Labels anchored at geographic points; `scale` (screen px per unit) grows as the camera zooms in. */
function atScale(points: Array<{ id: string; x: number; y: number; priority: number }>, scale: number, shown: Set<string>): DeclutterCandidate[] {
  return points.map((p) => label(p.id, box(p.x * scale - 30, p.y * scale - 8), p.priority, shown.has(p.id)));
}

function noOverlap(candidates: DeclutterCandidate[], shown: Set<string>): boolean {
  const rects = candidates.filter((c) => shown.has(c.id)).map((c) => c.rect);
  return rects.every((a, i) => rects.every((b, j) => i === j || !rectsOverlap(a, b)));
}

describe('rectsOverlap', () => {
  it('touching edges do not overlap; a margin makes them', () => {
    expect(rectsOverlap(box(0, 0, 10, 10), box(10, 0, 10, 10))).toBe(false);
    expect(rectsOverlap(box(0, 0, 10, 10), box(9, 9, 10, 10))).toBe(true);
    expect(rectsOverlap(box(0, 0, 10, 10), box(12, 0, 10, 10), 1.5)).toBe(true);
    expect(rectsOverlap(box(0, 0, 10, 10), box(12, 0, 10, 10), 0.9)).toBe(false);
  });
});

describe('declutter', () => {
  it('shows labels that do not collide', () => {
    const shown = declutter([label('a', box(0, 0)), label('b', box(100, 0)), label('c', box(0, 40))]);
    expect([...shown].sort()).toEqual(['a', 'b', 'c']);
  });

  it('hides the lower priority of two colliding labels, whatever the input order', () => {
    const district = label('district', box(10, 10), 90);
    const landmark = label('landmark', box(20, 14), 30);
    expect([...declutter([landmark, district])]).toEqual(['district']);
    expect([...declutter([district, landmark])]).toEqual(['district']);
  });

  it('orders by kind: district over reading over station over landmark', () => {
    const heap = [label('landmark', box(0, 0), 30), label('station', box(5, 2), 40), label('reading', box(10, 4), 50), label('district', box(15, 6), 90)];
    expect([...declutter(heap)]).toEqual(['district']);
    // Without the district, the reading wins the spot; a station next to it but clear of it shows too.
    expect([...declutter([heap[0], heap[2], label('station', box(200, 0), 40)])].sort()).toEqual(['reading', 'station']);
  });

  it('keeps a gap between shown labels', () => {
    expect(declutter([label('a', box(0, 0)), label('b', box(61, 0))], { gapPixels: 2, reappearMarginPixels: 0 }).size).toBe(1);
    expect(declutter([label('a', box(0, 0)), label('b', box(62, 0))], { gapPixels: 2, reappearMarginPixels: 0 }).size).toBe(2);
  });

  it('a label that must show (the selected one) wins over any priority', () => {
    const shown = declutter([label('district', box(0, 0), 90, true), label('picked', box(10, 0), 10, false, true)]);
    expect([...shown]).toEqual(['picked']);
  });

  it('a hidden label reappears when the camera zooms in and the anchors spread apart', () => {
    const points = [
      { id: 'district:A', x: 10, y: 10, priority: 90 },
      { id: 'mtr-station:CEN', x: 11, y: 10.2, priority: 40 },
      { id: 'monument:54', x: 10.4, y: 9.8, priority: 30 },
    ];
    let shown = new Set<string>();
    let candidates = atScale(points, 10, shown);
    shown = declutter(candidates);
    expect([...shown]).toEqual(['district:A']);
    expect(noOverlap(candidates, shown)).toBe(true);
    // Zoomed in tenfold: 600 px apart and more, every label fits.
    candidates = atScale(points, 200, shown);
    shown = declutter(candidates);
    expect([...shown].sort()).toEqual(['district:A', 'monument:54', 'mtr-station:CEN']);
    expect(noOverlap(candidates, shown)).toBe(true);
    // Back out: the lower kinds go again.
    candidates = atScale(points, 10, shown);
    shown = declutter(candidates);
    expect([...shown]).toEqual(['district:A']);
  });

  it('a hidden label reappears when the label in its way goes (space frees)', () => {
    const a = label('a', box(0, 0), 60);
    const b = label('b', box(20, 0), 50);
    let shown = declutter([a, b]);
    expect([...shown]).toEqual(['a']);
    shown = declutter([{ ...b, wasShown: shown.has('b') }]);
    expect([...shown]).toEqual(['b']);
  });

  it('is stable: the same view gives the same answer, and a pixel of movement swaps nothing (no flicker)', () => {
    // Two equal labels clear of each other, and a third, equal one that overlaps both.
    const first = [label('m', box(0, 0)), label('n', box(70, 0)), label('o', box(30, 0))];
    const once = declutter(first);
    expect([...once].sort()).toEqual(['m', 'n']);
    const again = declutter(first.map((c) => ({ ...c, wasShown: once.has(c.id) })));
    expect(again).toEqual(once);
    // The view drifts a pixel at a time, n toward m down to 3 px apart: what was shown stays shown.
    let shown = again;
    for (let dx = 1; dx <= 7; dx++) {
      const moved = first.map((c) => ({ ...c, rect: { ...c.rect, x: c.rect.x - (c.id === 'n' ? dx : 0) }, wasShown: shown.has(c.id) }));
      shown = declutter(moved);
      expect([...shown].sort()).toEqual(['m', 'n']);
    }
  });

  it('hysteresis: a hidden label needs extra room to come back, a shown one keeps its place at the edge', () => {
    // 3 px apart: enough for a shown label (gap 2), not for one hidden last time (needs 2 + 6).
    expect(declutter([label('a', box(0, 0), 60), label('b', box(63, 0), 50, true)]).size).toBe(2);
    expect(declutter([label('a', box(0, 0), 60), label('b', box(63, 0), 50, false)]).size).toBe(1);
    expect(declutter([label('a', box(0, 0), 60), label('b', box(69, 0), 50, false)]).size).toBe(2);
  });

  it('at equal priority the label shown last time keeps its place over a newcomer', () => {
    expect([...declutter([label('z-old', box(0, 0), 50, true), label('a-new', box(5, 0), 50, false)])]).toEqual(['z-old']);
  });

  it('skips rectangles that are not numbers and copes with a heap of thousands', () => {
    expect(declutter([label('bad', { x: Number.NaN, y: 0, width: 10, height: 10 })]).size).toBe(0);
    const heap: DeclutterCandidate[] = [];
    for (let i = 0; i < 3000; i++) heap.push(label(`l${i}`, box((i * 37) % 800, (i * 53) % 600), i % 4));
    const shown = declutter(heap);
    expect(shown.size).toBeGreaterThan(50);
    expect(noOverlap(heap, shown)).toBe(true);
  });
});
