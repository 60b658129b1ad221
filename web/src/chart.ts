// The chart of each player's running total by deal: inline SVG drawn here (no library).
import { svg } from './dom';
import type { MatchInfo } from './types';
import { formatPoints, runningTotals } from './model';

export const SERIES_COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#a16207'];
// Each seat's line has a dash pattern and a mark of its own besides its colour, the legend's key
// the same (regression: told apart by colour alone, which colour blindness and a grey print lose).
export const SERIES_DASHES = ['', '10 4', '2 3', '10 3 2 3', '5 5', '14 3 2 3 2 3', '1 6'];
const MARKS = ['circle', 'square', 'triangle', 'diamond', 'down', 'plus', 'hexagon'] as const;

// Seat k's mark, centred on (x, y), about 2r across.
function mark(k: number, x: number, y: number, r: number, color: string, transform?: string): SVGElement {
  const shape = MARKS[k % MARKS.length];
  const extra: Record<string, string | number> = { fill: color, 'data-mark': shape, ...(transform ? { transform } : {}) };
  if (shape === 'circle') return svg('circle', { cx: x, cy: y, r, ...extra });
  const unit: Record<Exclude<typeof shape, 'circle'>, [number, number][]> = {
    square: [[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]],
    triangle: [[0, -1.15], [1.05, 0.75], [-1.05, 0.75]],
    diamond: [[0, -1.2], [1.2, 0], [0, 1.2], [-1.2, 0]],
    down: [[0, 1.15], [1.05, -0.75], [-1.05, -0.75]],
    plus: [[-0.35, -1.1], [0.35, -1.1], [0.35, -0.35], [1.1, -0.35], [1.1, 0.35], [0.35, 0.35], [0.35, 1.1], [-0.35, 1.1], [-0.35, 0.35], [-1.1, 0.35], [-1.1, -0.35], [-0.35, -0.35]],
    hexagon: [[0, -1.1], [0.95, -0.55], [0.95, 0.55], [0, 1.1], [-0.95, 0.55], [-0.95, -0.55]],
  };
  const points = unit[shape].map(([dx, dy]) => `${Math.round((x + dx * r) * 10) / 10},${Math.round((y + dy * r) * 10) / 10}`).join(' ');
  return svg('polygon', { points, ...extra });
}

// Seat k's key in the legend: a piece of its line, its mark on it.
export function seriesKey(k: number): SVGElement {
  const color = SERIES_COLORS[k % SERIES_COLORS.length];
  const dash = SERIES_DASHES[k % SERIES_DASHES.length];
  return svg(
    'svg',
    { class: 'series-key', viewBox: '0 0 32 12', width: 32, height: 12, 'aria-hidden': 'true', 'data-series': k },
    svg('line', { x1: 1, x2: 31, y1: 6, y2: 6, stroke: color, 'stroke-width': LINE_WIDTH, ...(dash ? { 'stroke-dasharray': dash } : {}) }),
    mark(k, 16, 6, 4, color),
  );
}

export interface ChartGeometry {
  width: number;
  height: number;
  min: number;
  max: number;
  deals: number;
  lines: string[]; // per seat, the polyline's points
  x: (deal: number) => number;
  y: (value: number) => number;
}

const PAD = { left: 40, right: 12, top: 12, bottom: 24 };

const LINE_WIDTH = 2.5;
// Each seat's line is drawn a little apart from the others (2.2 units a seat, centred: near the
// lines' width), so that where two players' totals are equal both lines show, side by side, not
// one hidden under the other; too little to read as a point.
export function seriesOffset(k: number, n: number): number {
  return Math.round((k - (n - 1) / 2) * 2.2 * 10) / 10;
}

export function chartGeometry(series: number[][], width: number, height: number): ChartGeometry {
  const deals = Math.max(1, ...series.map((s) => s.length - 1));
  let min = 0;
  let max = 0;
  for (const s of series) for (const v of s) (min = Math.min(min, v)), (max = Math.max(max, v));
  if (max === min) max = min + 1;
  const x = (d: number) => PAD.left + (d / deals) * (width - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * (height - PAD.top - PAD.bottom);
  const round = (n: number) => Math.round(n * 10) / 10;
  const lines = series.map((s) => s.map((v, d) => `${round(x(d))},${round(y(v))}`).join(' '));
  return { width, height, min, max, deals, lines, x, y };
}

export function totalsChart(match: MatchInfo | null, names: string[]): SVGElement {
  const series = runningTotals(match, names.length);
  const g = chartGeometry(series, 480, 220);
  const root = svg('svg', {
    viewBox: `0 0 ${g.width} ${g.height}`,
    class: 'chart',
    role: 'img',
    'aria-label': `Running totals by deal: ${names
      .map((n, k) => `${n} ${formatPoints(series[k][series[k].length - 1])}`)
      .join(', ')}`,
  });
  const axis = { stroke: 'currentColor', 'stroke-opacity': 0.35, 'stroke-width': 1 };
  root.append(svg('line', { x1: g.x(0), x2: g.x(g.deals), y1: g.y(0), y2: g.y(0), ...axis }));
  root.append(svg('line', { x1: g.x(0), x2: g.x(0), y1: g.y(g.max), y2: g.y(g.min), ...axis }));
  const label = (x: number, y: number, text: string, anchor = 'end') =>
    svg('text', { x, y, 'text-anchor': anchor, 'font-size': 11, fill: 'currentColor' }, text);
  // value labels at the top, zero and the bottom, unless they would overlap
  const marks = [g.max, 0, g.min].filter((v, i, all) => all.findIndex((w) => Math.abs(g.y(w) - g.y(v)) < 12) === i);
  for (const v of marks) root.append(label(g.x(0) - 4, g.y(v) + 4, formatPoints(v)));
  // a tick per deal (every few deals on long games)
  const every = Math.max(1, Math.ceil(g.deals / 16));
  for (let d = every; d <= g.deals; d += every) {
    root.append(svg('line', { x1: g.x(d), x2: g.x(d), y1: g.y(0) - 3, y2: g.y(0) + 3, ...axis }));
  }
  root.append(label(g.x(g.deals), g.height - 6, `deal ${g.deals}`));
  root.append(label(g.x(0), g.height - 6, 'start', 'start'));
  g.lines.forEach((points, k) => {
    const color = SERIES_COLORS[k % SERIES_COLORS.length];
    const dash = SERIES_DASHES[k % SERIES_DASHES.length];
    const transform = `translate(0 ${seriesOffset(k, g.lines.length)})`;
    root.append(
      svg('polyline', { points, transform, fill: 'none', stroke: color, 'stroke-width': LINE_WIDTH, 'stroke-linejoin': 'round', ...(dash ? { 'stroke-dasharray': dash } : {}), 'data-series': k }),
    );
    const last = series[k].length - 1;
    root.append(mark(k, g.x(last), g.y(series[k][last]), 4, color, transform));
  });
  return root;
}
