// A line chart over time, drawn as inline SVG (no library, nothing fetched): one line per series, a time axis of
// wall-clock labels over a fixed span ending at `to`, values from 0. A missing value (null: nothing served in that
// interval, say) breaks the line; a point with no neighbour is drawn as a dot so that one sample still shows.

import {el, svg, number} from './dom.js';

const W = 420, H = 190, LEFT = 50, RIGHT = 10, TOP = 10, BOTTOM = 28;

/** A step of 1, 2 or 5 × 10^k giving about `count` ticks up to `max`. */
function niceStep(max, count) {
  const raw = max / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

function clock(ms) {
  const d = new Date(ms);
  return String(d.getHours()).padStart(2, '0') + ':' + String(d.getMinutes()).padStart(2, '0');
}

/**
 * options: {key, title, unit, from, to (epoch ms), yMax (a fixed top, e.g. 1 for a fraction), or yFloor and yCap (the
 * top follows the values, at least yFloor, at most yCap), digits, scale (a value
 * shown as value × scale, e.g. 100 for a percentage), series: [{name, label, quantile, colour, dashed, points: [{t, v}]}]}.
 * Answers a figure holding the SVG; each series is a `g.series` with data-series (its name), data-quantile (when
 * given) and data-points (the values drawn).
 */
export function timeChart(options) {
  const {key, title, unit, from, to, series} = options;
  const scale = options.scale || 1;
  const values = series.flatMap(s => s.points.map(p => p.v)).filter(v => v !== null && v !== undefined);
  let maxV = options.yMax !== undefined ? options.yMax : Math.max(...values, options.yFloor || 0);
  if (options.yCap !== undefined) maxV = Math.min(maxV, options.yCap);
  const step = niceStep(maxV > 0 ? maxV * scale : 1, 4);
  const top = Math.max(step, Math.ceil((maxV * scale) / step) * step);
  const span = Math.max(1, to - from);
  const px = t => LEFT + (t - from) / span * (W - LEFT - RIGHT);
  const py = v => TOP + (1 - (v * scale) / top) * (H - TOP - BOTTOM);

  const root = svg('svg', {class: 'time-chart', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img',
    'aria-label': title, 'data-chart': key});
  const grid = svg('g', {class: 'grid'});
  const digits = options.digits !== undefined ? options.digits : step < 0.01 ? 3 : step < 0.1 ? 2 : step < 1 ? 1 : 0;
  for (let v = 0; v <= top + step / 2; v += step) {
    const y = TOP + (1 - v / top) * (H - TOP - BOTTOM);
    grid.append(svg('line', {x1: LEFT, x2: W - RIGHT, y1: y, y2: y}));
    grid.append(svg('text', {x: LEFT - 5, y: y + 4, 'text-anchor': 'end'}, v.toFixed(digits)));
  }
  // A tick every 3 minutes of a 15-minute span (a fifth of whatever the span is), on whole minutes when it can be.
  const tick = Math.max(60_000, Math.round(span / 5 / 60_000) * 60_000);
  for (let t = Math.ceil(from / tick) * tick; t <= to; t += tick) {
    const x = px(t);
    grid.append(svg('line', {x1: x, x2: x, y1: TOP, y2: H - BOTTOM}));
    grid.append(svg('text', {x, y: H - BOTTOM + 15, 'text-anchor': 'middle'}, clock(t)));
  }
  grid.append(svg('text', {x: 12, y: (TOP + H - BOTTOM) / 2, 'text-anchor': 'middle', class: 'axis-title',
    transform: `rotate(-90 12 ${(TOP + H - BOTTOM) / 2})`}, unit));
  root.append(grid);
  root.append(svg('rect', {class: 'frame', x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: H - TOP - BOTTOM,
    fill: 'none'}));

  for (const s of series) {
    const g = svg('g', {class: 'series', 'data-series': s.name, 'data-quantile': s.quantile});
    const pts = s.points.filter(p => p.t >= from && p.t <= to);
    let d = '';
    let drawn = 0;
    let last = null;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i];
      if (p.v === null || p.v === undefined) continue;
      const x = px(p.t).toFixed(1), y = py(p.v).toFixed(1);
      const joined = i > 0 && pts[i - 1].v !== null && pts[i - 1].v !== undefined;
      d += (joined ? 'L' : 'M') + x + ',' + y + ' ';
      const alone = !joined && !(i + 1 < pts.length && pts[i + 1].v !== null && pts[i + 1].v !== undefined);
      if (alone) g.append(svg('circle', {cx: x, cy: y, r: 2.5, fill: s.colour}));
      drawn++;
      last = p;
    }
    if (d) {
      g.prepend(svg('path', {d: d.trim(), stroke: s.colour, fill: 'none', 'stroke-width': s.dashed ? 1.3 : 1.8,
        'stroke-dasharray': s.dashed ? '4 3' : null}));
    }
    g.setAttribute('data-points', String(drawn));
    const label = s.label || s.name;
    g.append(svg('title', {}, last ? `${label}: ${number(last.v * scale, digits + 1)} ${unit} at ${new Date(last.t)
      .toLocaleTimeString()}` : `${label}: no value`));
    root.append(g);
  }
  return el('figure', {class: 'chart time', 'data-chart': key}, el('figcaption', {}, title), root);
}
