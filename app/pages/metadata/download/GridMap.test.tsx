// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allSchemeSheets, formatSheetId, sheetBounds } from '../../../../core/contracts/mapSheets';
import { MESSAGES } from '../../../i18n/testMessages';
import { boundsCentre, lonLatToScreen, viewAt, type SheetGrid } from './gridGeometry';
import { DEFAULT_CENTER, DEFAULT_ZOOM, GridMap } from './GridMap';

const WIDTH = 800;
const HEIGHT = 400;
const grid: SheetGrid = new Map(
  allSchemeSheets()
    .filter((parts) => parts.series === 11)
    .map((parts) => [formatSheetId(parts), sheetBounds(parts)]),
);

function renderMap(selection: string[] = []) {
  const onSheetClick = vi.fn();
  render(
    <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
      <GridMap grid={grid} selection={selection} onSheetClick={onSheetClick} />
    </IntlProvider>,
  );
  return { onSheetClick, map: screen.getByRole('application', { name: 'Map of the 1:1000 map sheets' }) };
}

/** Where a sheet's centre is on the map as it opens (jsdom lays nothing out: the viewport is at 0,0). */
function screenPointOf(id: string): { clientX: number; clientY: number } {
  const [x, y] = lonLatToScreen(viewAt(DEFAULT_CENTER, DEFAULT_ZOOM, WIDTH, HEIGHT), boundsCentre(grid.get(id)!));
  return { clientX: x, clientY: y };
}

function press(map: HTMLElement, from: { clientX: number; clientY: number }, to = from) {
  fireEvent.pointerDown(map, { ...from, button: 0, pointerId: 1 });
  fireEvent.pointerMove(map, { ...to, button: 0, pointerId: 1 });
  fireEvent.pointerUp(map, { ...to, button: 0, pointerId: 1 });
}

/** jsdom has no PointerEvent: a MouseEvent with a pointer id carries clientX/Y and button like the real one. */
class FakePointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeEach(() => {
  if (!('PointerEvent' in window)) vi.stubGlobal('PointerEvent', FakePointerEvent);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(HEIGHT);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GridMap', () => {
  it('draws the relief tiles and the sheets in view, the selected ones marked', () => {
    const { map } = renderMap(['11-SW-4D']);
    const tiles = map.querySelectorAll('img');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0].getAttribute('src')).toMatch(/^\/mapviewer\/api\/tiles\/relief\/13\/\d+\/\d+\.png(\?v=\w+)?$/);
    const sheets = map.querySelectorAll('path[data-sheet]');
    expect(sheets.length).toBeGreaterThan(50);
    expect(sheets.length).toBeLessThan(400);
    expect(map.querySelector('path[data-sheet="11-SW-4D"]')?.getAttribute('class')).toContain('grid-map__sheet--selected');
    expect(map.querySelector('path[data-sheet="11-SW-9A"]')?.getAttribute('class')).not.toContain('selected');
  });

  it('reports the sheet under a click, not after a drag', () => {
    const { map, onSheetClick } = renderMap();
    press(map, screenPointOf('11-SW-4D'));
    expect(onSheetClick).toHaveBeenCalledWith('11-SW-4D');
    press(map, screenPointOf('11-SW-9A'));
    expect(onSheetClick).toHaveBeenLastCalledWith('11-SW-9A');
    onSheetClick.mockClear();
    const firstCorner = () => Number(/^M(-?[\d.]+)/.exec(map.querySelector('path[data-sheet="11-SW-4D"]')!.getAttribute('d')!)![1]);
    const before = firstCorner();
    const start = screenPointOf('11-SW-4D');
    press(map, start, { clientX: start.clientX + 60, clientY: start.clientY });
    expect(onSheetClick).not.toHaveBeenCalled();
    // The drag moved the map with the pointer: the sheet is now 60 px further right.
    expect(firstCorner() - before).toBeCloseTo(60, 0);
  });

  it('shows the sheet id on hover', () => {
    const { map } = renderMap();
    fireEvent.pointerMove(map, { ...screenPointOf('11-SW-9A'), pointerId: 1 });
    expect(map.querySelector('.grid-map__hover-label')?.textContent).toBe('11-SW-9A');
  });

  it('zooms with the buttons and keys; far out it outlines the series and a click zooms in', () => {
    const { map, onSheetClick } = renderMap(['11-SW-4D']);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.keyDown(map, { key: '-' });
    expect(map.dataset.zoom).toBe('11');
    expect(map.querySelectorAll('path[data-series]')).toHaveLength(1);
    // Only the selected sheet is still drawn.
    expect([...map.querySelectorAll('path[data-sheet]')].map((path) => path.getAttribute('data-sheet'))).toEqual(['11-SW-4D']);
    expect(screen.getByText('Zoom in to select map sheets')).toBeTruthy();
    press(map, { clientX: WIDTH / 2, clientY: HEIGHT / 2 });
    expect(onSheetClick).not.toHaveBeenCalled();
    expect(map.dataset.zoom).toBe('12');
    fireEvent.keyDown(map, { key: '+' });
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(map.dataset.zoom).toBe('14');
  });

  it('pans with the arrow keys', () => {
    const { map } = renderMap();
    const before = map.querySelector('img')!.style.left;
    fireEvent.keyDown(map, { key: 'ArrowRight' });
    expect(map.querySelector('img')!.style.left).not.toBe(before);
  });
});
