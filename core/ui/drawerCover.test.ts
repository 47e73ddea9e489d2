// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { drawerCoverShare } from './drawerCover';

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

function element(box: DOMRect, attributes: Record<string, string> = {}): HTMLElement {
  const node = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.getBoundingClientRect = () => box;
  document.body.append(node);
  return node;
}

afterEach(() => document.body.replaceChildren());

describe('drawerCoverShare', () => {
  it('gives the covered share of the width for a drawer beside the map (desktop)', () => {
    const map = element(rect(0, 0, 1000, 600));
    element(rect(60, 10, 340, 580), { 'data-drawer-panel': 'test-drawer' });
    expect(drawerCoverShare('test-drawer', map)).toEqual({ left: 0.4, top: 0 });
  });

  it('gives the covered share of the height for a drawer over the top of the map (phone)', () => {
    const map = element(rect(0, 100, 390, 700));
    element(rect(8, 150, 374, 420), { 'data-drawer-panel': 'test-drawer' });
    const share = drawerCoverShare('test-drawer', map);
    expect(share.left).toBe(0);
    // (150 + 420 - 100) / 700
    expect(share.top).toBeCloseTo(470 / 700, 9);
  });

  it('is nothing while the drawer is not shown, or before the map has a size', () => {
    const map = element(rect(0, 0, 1000, 600));
    expect(drawerCoverShare('test-drawer', map)).toEqual({ left: 0, top: 0 });
    element(rect(60, 10, 340, 580), { 'data-drawer-panel': 'test-drawer' });
    expect(drawerCoverShare('test-drawer', element(rect(0, 0, 0, 0)))).toEqual({ left: 0, top: 0 });
    expect(drawerCoverShare('test-drawer', null)).toEqual({ left: 0, top: 0 });
  });
});
