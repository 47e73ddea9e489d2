/**
 * How a map tool bar fits the height it is given (ToolBar.tsx measures, this decides): one column while the tools
 * fit, then as many as they need up to `maxColumns`, and past that every cell but the last holds a tool and the last holds the
 * "More tools" button with the rest.
 */
export interface ToolBarFit {
  /** Columns of buttons. */
  columns: number;
  /** How many tools (in order) stand in the bar; the rest go into the "More tools" menu. */
  inBar: number;
}

export interface ToolBarRoom {
  /** Tools to place. */
  tools: number;
  /** Height for the buttons, px (the bar's padding already taken off). */
  height: number;
  /** One button's height, px. */
  buttonHeight: number;
  /** Space between two buttons, px. */
  gap: number;
  /** Most columns the bar may take. */
  maxColumns: number;
}

export function fitToolBar({ tools, height, buttonHeight, gap, maxColumns }: ToolBarRoom): ToolBarFit {
  // However short the room, one button shows: the "More tools" one keeps every tool reachable.
  const rows = Math.max(1, Math.floor((height + gap) / (buttonHeight + gap)));
  if (tools <= rows) return { columns: 1, inBar: tools };
  const columns = Math.max(1, maxColumns);
  if (tools <= rows * columns) return { columns: Math.ceil(tools / rows), inBar: tools };
  return { columns, inBar: rows * columns - 1 };
}
