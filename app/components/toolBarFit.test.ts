import { describe, expect, it } from 'vitest';
import { fitToolBar } from './toolBarFit';

// 40 px buttons 4 px apart: n buttons take 44n - 4 px.
const room = (tools: number, height: number, maxColumns = 2) => fitToolBar({ tools, height, buttonHeight: 40, gap: 4, maxColumns });

describe('fitToolBar', () => {
  it('keeps one column while every tool fits', () => {
    expect(room(5, 5 * 44 - 4)).toEqual({ columns: 1, inBar: 5 });
  });

  it('takes a second column when one row too few fit', () => {
    expect(room(5, 5 * 44 - 5)).toEqual({ columns: 2, inBar: 5 });
    expect(room(16, 8 * 44 - 4)).toEqual({ columns: 2, inBar: 16 });
  });

  it('past the last column keeps the last cell for the "More tools" button', () => {
    // 4 rows × 2 columns = 8 cells: 7 tools and the menu.
    expect(room(16, 4 * 44 - 4)).toEqual({ columns: 2, inBar: 7 });
  });

  it('on a phone (one column) puts the rest in the menu', () => {
    expect(room(16, 6 * 44, 1)).toEqual({ columns: 1, inBar: 5 });
  });

  it('shows at least the menu button however short the room', () => {
    expect(room(3, 10, 1)).toEqual({ columns: 1, inBar: 0 });
    expect(room(1, 10, 1)).toEqual({ columns: 1, inBar: 1 });
  });
});
