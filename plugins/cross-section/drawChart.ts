/**
 * Paints a {@link ChartLayout} on a 2D canvas: the same picture on screen and in the PNG export. Plain Canvas 2D,
 * no Cesium and no chart library.
 */
import { distanceTickText, type ChartLayout } from './chart';
import type { ProfileSample } from './profile';

/** The chart's colours (the product's palette: terrain greens, building greys, the primary blue for the cursor). */
export const CHART_COLOURS = {
  background: '#ffffff',
  grid: '#e3e7ec',
  axis: '#5b6470',
  text: '#1f2933',
  groundFill: 'rgba(111, 153, 84, 0.55)',
  groundLine: '#4d7a35',
  building: 'rgba(120, 128, 140, 0.85)',
  buildingEdge: '#4a525c',
  cursor: '#0b5cad',
  monument: '#8a4b12',
} as const;

export interface ChartTexts {
  /** "Distance (km)" or "Distance (m)". */
  distanceAxis: string;
  /** "Height (m)". */
  heightAxis: string;
  /** Label of the marked place (the monument), when there is one. */
  markLabel?: string;
}

export interface ChartMarks {
  /** The sample under the cursor; -1 for none. */
  cursorIndex: number;
  /** Metres along the line of a marked place (the heritage cross-section's monument), when there is one. */
  markDistanceMetres?: number | null;
}

type Canvas2D = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'fillText'
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'setLineDash'
  | 'arc'
>;

export function drawChart(context: Canvas2D, layout: ChartLayout, samples: ReadonlyArray<ProfileSample>, texts: ChartTexts, marks: ChartMarks): void {
  const { plot, size } = layout;
  const c = context;
  c.fillStyle = CHART_COLOURS.background;
  c.fillRect(0, 0, size.width, size.height);
  c.font = '11px system-ui, sans-serif';

  // Grid and tick labels.
  c.strokeStyle = CHART_COLOURS.grid;
  c.lineWidth = 1;
  c.fillStyle = CHART_COLOURS.text;
  c.textAlign = 'right';
  c.textBaseline = 'middle';
  for (const value of layout.yTicks.values) {
    const py = Math.round(layout.y(value)) + 0.5;
    c.beginPath();
    c.moveTo(plot.left, py);
    c.lineTo(plot.right, py);
    c.stroke();
    c.fillText(value.toFixed(Math.max(0, -Math.floor(Math.log10(layout.yTicks.step)))), plot.left - 6, py);
  }
  c.textAlign = 'center';
  c.textBaseline = 'top';
  for (const value of layout.xTicks.values) {
    const px = Math.round(layout.x(value)) + 0.5;
    c.beginPath();
    c.moveTo(px, plot.top);
    c.lineTo(px, plot.bottom);
    c.stroke();
    c.fillText(distanceTickText(value, layout.distanceUnit, layout.xTicks.step), px, plot.bottom + 5);
  }

  // Buildings first: the ground drawn over their feet leaves each standing from the ground to its roof.
  c.fillStyle = CHART_COLOURS.building;
  c.strokeStyle = CHART_COLOURS.buildingEdge;
  for (const block of layout.buildings) {
    c.fillRect(block.x0, block.yTop, block.x1 - block.x0, plot.bottom - block.yTop);
    c.strokeRect(block.x0, block.yTop, block.x1 - block.x0, plot.bottom - block.yTop);
  }
  c.fillStyle = CHART_COLOURS.groundFill;
  c.strokeStyle = CHART_COLOURS.groundLine;
  c.lineWidth = 1.5;
  for (const run of layout.groundRuns) {
    c.beginPath();
    run.forEach(([px, py], index) => (index === 0 ? c.moveTo(px, py) : c.lineTo(px, py)));
    c.closePath();
    c.fill();
    c.beginPath();
    // The ground's top edge only (not the closing sides along the plot's bottom).
    run.slice(1, -1).forEach(([px, py], index) => (index === 0 ? c.moveTo(px, py) : c.lineTo(px, py)));
    c.stroke();
  }

  // Building names above their roofs.
  c.fillStyle = CHART_COLOURS.text;
  c.textAlign = 'center';
  c.textBaseline = 'bottom';
  for (const label of layout.buildingLabels) c.fillText(label.text, label.x, label.y);

  // Axes and their titles.
  c.strokeStyle = CHART_COLOURS.axis;
  c.lineWidth = 1;
  c.beginPath();
  c.moveTo(plot.left + 0.5, plot.top);
  c.lineTo(plot.left + 0.5, plot.bottom + 0.5);
  c.lineTo(plot.right, plot.bottom + 0.5);
  c.stroke();
  c.fillStyle = CHART_COLOURS.text;
  c.textAlign = 'center';
  c.textBaseline = 'bottom';
  c.fillText(texts.distanceAxis, (plot.left + plot.right) / 2, size.height - 2);
  c.save();
  c.translate(12, (plot.top + plot.bottom) / 2);
  c.rotate(-Math.PI / 2);
  c.textBaseline = 'middle';
  c.fillText(texts.heightAxis, 0, 0);
  c.restore();

  // The marked monument: a dashed line at its place on the line, with its name.
  if (marks.markDistanceMetres !== null && marks.markDistanceMetres !== undefined) {
    const px = Math.round(layout.x(marks.markDistanceMetres)) + 0.5;
    c.save();
    c.strokeStyle = CHART_COLOURS.monument;
    c.lineWidth = 2;
    c.setLineDash([5, 3]);
    c.beginPath();
    c.moveTo(px, plot.top);
    c.lineTo(px, plot.bottom);
    c.stroke();
    c.restore();
    if (texts.markLabel) {
      c.fillStyle = CHART_COLOURS.monument;
      c.textAlign = px > (plot.left + plot.right) / 2 ? 'right' : 'left';
      c.textBaseline = 'top';
      c.fillText(texts.markLabel, px + (c.textAlign === 'right' ? -4 : 4), plot.top + 2);
    }
  }

  // The cursor: a vertical line and a dot on the surface (roof or ground) at the chosen sample.
  const sample = samples[marks.cursorIndex];
  if (sample) {
    const px = Math.round(layout.x(sample.distanceMetres)) + 0.5;
    c.strokeStyle = CHART_COLOURS.cursor;
    c.lineWidth = 1.5;
    c.beginPath();
    c.moveTo(px, plot.top);
    c.lineTo(px, plot.bottom);
    c.stroke();
    const surface = sample.roofMetres ?? sample.groundMetres;
    if (surface !== null) {
      c.fillStyle = CHART_COLOURS.cursor;
      c.beginPath();
      c.arc(px, layout.y(surface), 4, 0, Math.PI * 2);
      c.fill();
    }
  }
}
