// The serving figures over time (GET /v1/metrics/history through the gateway: the scheduler samples them every few
// seconds and keeps 15 minutes), drawn as charts: per application goodput, miss rate, p50/p99 latency, mean batch
// and queue length, and per worker its busy share of each interval. Read every 5 s while the page is visible; after
// the first read only the samples newer than the last one held are asked for, and the page keeps no more than the
// scheduler's span.

import {call} from './api.js';
import {el, svg, showError, clearError} from './dom.js';
import {PALETTE} from './chart.js';
import {timeChart} from './timechart.js';

const POLL_MS = 5000;
/** The scheduler keeps at most this many samples; the page never holds more. */
const MAX_SAMPLES = 10000;

const APP_CHARTS = [
  {key: 'goodput', title: 'goodput: answers within the SLO per second', unit: 'req/s', lines: [{field: 'goodput'}]},
  {key: 'miss-rate', title: 'miss rate: late, dropped or failed', unit: '%', yFloor: 0.05, yCap: 1, scale: 100,
    lines: [{field: 'missRate'}]},
  {key: 'latency', title: 'latency: p50 solid, p99 dashed', unit: 'ms',
    lines: [{field: 'p50LatencyMs', quantile: 'p50'}, {field: 'p99LatencyMs', quantile: 'p99', dashed: true}]},
  {key: 'mean-batch', title: 'mean batch size', unit: 'rows', lines: [{field: 'meanBatchSize'}]},
  {key: 'queue', title: 'queue length at each sample', unit: 'requests', lines: [{field: 'queueLength'}]},
];

let samples = [];
/** The `at` of the newest sample held, as the scheduler wrote it (its precision, for `since`). */
let lastAt;
let retentionMs = 15 * 60 * 1000;
let intervalSeconds = 5;
let timer = null;
let drawn = false;

/** Adds the samples newer than those held, indexed for drawing, and forgets those past the span. */
function merge(body) {
  retentionMs = (body.retentionSeconds || 900) * 1000;
  intervalSeconds = body.intervalSeconds || intervalSeconds;
  const lastT = samples.length ? samples[samples.length - 1].t : -Infinity;
  for (const s of body.samples || []) {
    const t = Date.parse(s.at);
    if (!(t > lastT)) continue;
    lastAt = s.at;
    samples.push({t, apps: new Map(s.applications.map(a => [a.application, a])),
      workers: new Map(s.workers.map(w => [w.workerId, w.busyFraction]))});
  }
  if (samples.length) {
    const from = samples[samples.length - 1].t - retentionMs;
    let first = 0;
    while (first < samples.length && samples[first].t < from) first++;
    samples = samples.slice(Math.max(first, samples.length - MAX_SAMPLES));
  }
}

function names(key) {
  const all = new Set();
  for (const s of samples) for (const name of s[key].keys()) all.add(name);
  return [...all].sort();
}

function legend(list, colour) {
  return el('ul', {class: 'legend'}, list.map(name => el('li', {'data-series': name},
    svg('svg', {width: 20, height: 10, 'aria-hidden': 'true'},
      svg('line', {x1: 0, x2: 20, y1: 5, y2: 5, stroke: colour(name), 'stroke-width': 3})), ' ' + name)));
}

function render() {
  const box = document.getElementById('history-charts');
  if (!samples.length) {
    box.replaceChildren(el('p', {class: 'muted empty'},
      `No sample yet: the scheduler takes one every ${intervalSeconds} s.`));
    return;
  }
  const started = performance.now();
  const to = samples[samples.length - 1].t;
  const from = to - retentionMs;
  const apps = names('apps');
  const workers = names('workers');
  const appColour = name => PALETTE[apps.indexOf(name) % PALETTE.length];
  const workerColour = name => PALETTE[workers.indexOf(name) % PALETTE.length];
  const figures = APP_CHARTS.map(c => timeChart({key: c.key, title: c.title, unit: c.unit, from, to,
    yFloor: c.yFloor, yCap: c.yCap, scale: c.scale,
    series: apps.flatMap(app => c.lines.map(line => ({name: app, quantile: line.quantile, dashed: line.dashed,
      label: line.quantile ? `${app} ${line.quantile}` : app, colour: appColour(app),
      points: samples.map(s => {
        const a = s.apps.get(app);
        return {t: s.t, v: a ? a[line.field] : null};
      })})))}));
  const busy = timeChart({key: 'worker-busy', title: 'workers: busy share of each interval (the rest idle)',
    unit: '% busy', from, to, yMax: 1, scale: 100, digits: 0,
    series: workers.map(w => ({name: w, colour: workerColour(w),
      points: samples.map(s => ({t: s.t, v: s.workers.has(w) ? s.workers.get(w) : null}))}))});
  box.replaceChildren(
    el('h3', {}, 'Per application'), legend(apps, appColour), el('div', {class: 'chart-grid'}, figures),
    el('h3', {}, 'Per worker'), legend(workers, workerColour), el('div', {class: 'chart-grid'}, busy));
  box.dataset.samples = String(samples.length);
  box.dataset.renderMs = (performance.now() - started).toFixed(1);
  if (!drawn) {
    drawn = true;
    // When the charts were first drawn with data, from the start of the page's load (read by AdminPageIT).
    performance.mark('baton-charts-drawn');
    box.dataset.drawnAtMs = performance.now().toFixed(1);
  }
}

async function refresh() {
  clearTimeout(timer);
  try {
    merge(await call('GET', '/v1/metrics/history', {query: {since: samples.length ? lastAt : undefined}}));
    clearError('history');
    document.getElementById('history-window').textContent =
      `(last ${Math.round(retentionMs / 60000)} min, a sample every ${intervalSeconds} s)`;
    render();
  } catch (e) {
    showError('history', e);
  }
  if (!document.hidden) timer = setTimeout(refresh, POLL_MS);
}

export function wireHistory() {
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) refresh();
    else clearTimeout(timer);
  });
  refresh();
}

export {refresh as refreshHistory};
