// The latency-vs-batch-size chart, drawn as inline SVG (no library, nothing fetched): one colour per variant, p50 a
// solid line with a point per measured batch size, p99 dashed. Batch sizes on a log2 axis, latency from 0.

import {el, svg, number} from './dom.js';

export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2',
  '#7f7f7f', '#bcbd22'];

const W = 560, H = 300, LEFT = 58, RIGHT = 16, TOP = 14, BOTTOM = 46;

/** A step of 1, 2 or 5 × 10^k giving about `count` ticks up to `max`. */
function niceStep(max, count) {
  const raw = max / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

/**
 * series: [{name, points: [{batchSize, p50Ms, p99Ms}]}]. Answers a figure: the SVG and its legend.
 */
export function latencyChart(series, caption) {
  const all = series.flatMap(s => s.points);
  const sizes = [...new Set(all.map(p => p.batchSize))].sort((a, b) => a - b);
  let x0 = Math.log2(sizes[0] || 1), x1 = Math.log2(sizes[sizes.length - 1] || 1);
  if (x1 === x0) { x0 -= 1; x1 += 1; }
  const maxY = Math.max(...all.map(p => Math.max(p.p50Ms || 0, p.p99Ms || 0)), 1e-3);
  const step = niceStep(maxY, 5);
  const top = Math.ceil(maxY / step) * step;
  const px = b => LEFT + (Math.log2(b) - x0) / (x1 - x0) * (W - LEFT - RIGHT);
  const py = ms => TOP + (1 - ms / top) * (H - TOP - BOTTOM);

  const root = svg('svg', {class: 'latency-chart', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img',
    'aria-label': caption});
  const grid = svg('g', {class: 'grid'});
  const digits = step < 0.01 ? 3 : step < 0.1 ? 2 : step < 1 ? 1 : 0;
  for (let v = 0; v <= top + step / 2; v += step) {
    const y = py(v);
    grid.append(svg('line', {x1: LEFT, x2: W - RIGHT, y1: y, y2: y}));
    grid.append(svg('text', {x: LEFT - 6, y: y + 4, 'text-anchor': 'end'}, v.toFixed(digits)));
  }
  for (const b of sizes) {
    const x = px(b);
    grid.append(svg('line', {x1: x, x2: x, y1: TOP, y2: H - BOTTOM}));
    grid.append(svg('text', {x, y: H - BOTTOM + 16, 'text-anchor': 'middle'}, String(b)));
  }
  grid.append(svg('text', {x: (LEFT + W - RIGHT) / 2, y: H - 8, 'text-anchor': 'middle', class: 'axis-title'},
    'batch size'));
  grid.append(svg('text', {x: 14, y: (TOP + H - BOTTOM) / 2, 'text-anchor': 'middle', class: 'axis-title',
    transform: `rotate(-90 14 ${(TOP + H - BOTTOM) / 2})`}, 'latency (ms)'));
  root.append(grid);
  root.append(svg('rect', {class: 'frame', x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: H - TOP - BOTTOM,
    fill: 'none'}));

  const legend = el('ul', {class: 'legend'});
  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const pts = [...s.points].sort((a, b) => a.batchSize - b.batchSize);
    const line = key => pts.map((p, k) => `${k ? 'L' : 'M'}${px(p.batchSize).toFixed(1)},${py(p[key]).toFixed(1)}`).join(' ');
    const g = svg('g', {class: 'series', 'data-variant': s.name});
    g.append(svg('path', {d: line('p99Ms'), stroke: colour, fill: 'none', 'stroke-width': 1.5,
      'stroke-dasharray': '5 4', 'data-quantile': 'p99'}));
    g.append(svg('path', {d: line('p50Ms'), stroke: colour, fill: 'none', 'stroke-width': 2, 'data-quantile': 'p50'}));
    for (const p of pts) {
      g.append(svg('circle', {cx: px(p.batchSize), cy: py(p.p50Ms), r: 3, fill: colour},
        svg('title', {}, `${s.name}: batch ${p.batchSize}, p50 ${number(p.p50Ms, 3)} ms, p99 ${number(p.p99Ms, 3)} ms`)));
    }
    root.append(g);
    legend.append(el('li', {},
      svg('svg', {width: 26, height: 10, 'aria-hidden': 'true'},
        svg('line', {x1: 0, x2: 26, y1: 5, y2: 5, stroke: colour, 'stroke-width': 2})),
      ' ' + s.name));
  });
  legend.append(el('li', {class: 'muted'}, 'solid: p50 · dashed: p99'));
  return el('figure', {class: 'chart'}, root, el('figcaption', {}, caption), legend);
}
