// One request's timeline (GET /v1/requests/{id}/timeline through the gateway: {id} a request id or a 32-hex trace
// id) drawn as a waterfall: a bar per span on the request's time axis, labelled with its name, service and duration,
// coloured by service, its attributes on hover and listed in the table below. A timeline the gateway does not hold
// (404) is said in place of the waterfall.

import {call, seg} from './api.js';
import {el, svg, showError, clearError, localProblem, number, time} from './dom.js';

const SERVICE_COLOURS = {gateway: '#1f77b4', scheduler: '#ff7f0e', worker: '#2ca02c'};
const OTHER_COLOUR = '#7f7f7f';
const W = 900, LABEL = 230, RIGHT = 80, ROW = 22, AXIS = 24;
/** Request ids and trace ids are short; anything longer is refused in the page. */
const MAX_ID = 200;

function attributesText(attributes) {
  return Object.entries(attributes || {}).map(([k, v]) => `${k}=${v}`).join(', ');
}

/** A step of 1, 2 or 5 × 10^k giving about `count` ticks up to `max`. */
function niceStep(max, count) {
  const raw = max / count;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

/** The waterfall's SVG: spans in order of start, on an axis from 0 to the request's end (or the last span's). */
export function waterfall(timeline) {
  const spans = [...(timeline.spans || [])].map((s, i) => ({...s, i}))
    .sort((a, b) => (a.start_ms - b.start_ms) || (a.i - b.i));
  const end = Math.max(timeline.total_ms || 0, ...spans.map(s => (s.start_ms || 0) + (s.duration_ms || 0)), 1e-3);
  const step = niceStep(end, 6);
  const axisEnd = Math.ceil(end / step) * step;
  const px = ms => LABEL + ms / axisEnd * (W - LABEL - RIGHT);
  const H = AXIS + spans.length * ROW + 6;
  const root = svg('svg', {class: 'waterfall', viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img',
    'aria-label': `timeline of request ${timeline.request_id}`});
  const grid = svg('g', {class: 'grid'});
  const digits = step < 0.01 ? 3 : step < 0.1 ? 2 : step < 1 ? 1 : 0;
  for (let v = 0; v <= axisEnd + step / 2; v += step) {
    const x = px(v);
    grid.append(svg('line', {x1: x, x2: x, y1: AXIS - 6, y2: H}));
    grid.append(svg('text', {x, y: AXIS - 10, 'text-anchor': 'middle'}, v.toFixed(digits) + ' ms'));
  }
  root.append(grid);
  spans.forEach((s, row) => {
    const y = AXIS + row * ROW;
    const x0 = px(s.start_ms || 0);
    const width = Math.max(1.5, px((s.start_ms || 0) + (s.duration_ms || 0)) - x0);
    const colour = SERVICE_COLOURS[s.service] || OTHER_COLOUR;
    const attrs = attributesText(s.attributes);
    const g = svg('g', {class: 'span', 'data-span': s.name, 'data-service': s.service},
      svg('title', {}, `${s.name} (${s.service}): starts at ${number(s.start_ms, 3)} ms, lasts ${number(s.duration_ms, 3)} ms`
        + (attrs ? '\n' + attrs : '')),
      svg('text', {x: 4, y: y + 15, class: 'span-label'}, `${s.name} · ${s.service}`),
      svg('rect', {x: x0.toFixed(1), y: y + 4, width: width.toFixed(1), height: ROW - 8, rx: 2, fill: colour}),
      svg('text', {x: (x0 + width + 4).toFixed(1), y: y + 15, class: 'span-duration'}, number(s.duration_ms, 3) + ' ms'));
    root.append(g);
  });
  return root;
}

function serviceLegend() {
  return el('ul', {class: 'legend'}, Object.entries(SERVICE_COLOURS).map(([service, colour]) => el('li', {},
    svg('svg', {width: 14, height: 10, 'aria-hidden': 'true'}, svg('rect', {width: 14, height: 10, rx: 2, fill: colour})),
    ' ' + service)), el('li', {class: 'muted'}, 'hover a bar for its attributes'));
}

function facts(t) {
  const outcome = t.outcome + (t.reason ? ` (${t.reason})` : '');
  const pairs = [['request', t.request_id], ['trace', t.trace_id], ['application', t.application],
    ['policy', t.policy], ['outcome', outcome], ['started', time(t.started_at)], ['total', number(t.total_ms, 3) + ' ms']];
  return el('dl', {class: 'facts'}, pairs.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {'data-fact': k}, v ?? '—')]));
}

function spanTable(t) {
  return el('table', {class: 'list numeric span-list'},
    el('thead', {}, el('tr', {}, el('th', {}, 'span'), el('th', {}, 'service'), el('th', {}, 'start (ms)'),
      el('th', {}, 'duration (ms)'), el('th', {}, 'attributes'))),
    el('tbody', {}, (t.spans || []).map(s => el('tr', {'data-span': s.name, 'data-service': s.service},
      el('td', {}, s.name), el('td', {}, s.service), el('td', {}, number(s.start_ms, 3)),
      el('td', {}, number(s.duration_ms, 3)), el('td', {}, attributesText(s.attributes) || '—')))));
}

async function show(id) {
  const out = document.getElementById('timeline');
  clearError('timeline-form');
  out.replaceChildren();
  delete out.dataset.id;
  if (!id) throw localProblem('type a request id or a trace id', 'id');
  if (id.length > MAX_ID) throw localProblem(`an id is at most ${MAX_ID} characters, got ${id.length}`, 'id');
  out.replaceChildren(el('p', {class: 'muted'}, `reading the timeline of ${id} …`));
  let t;
  try {
    t = await call('GET', `/v1/requests/${seg(id)}/timeline`);
  } catch (e) {
    if (e.status === 404) {
      out.replaceChildren(el('p', {class: 'timeline-missing', 'data-id': id}, `no timeline held for ${id}`));
      return;
    }
    out.replaceChildren();
    throw e;
  }
  out.replaceChildren(facts(t), serviceLegend(), el('div', {class: 'waterfall-box'}, waterfall(t)), spanTable(t));
  out.dataset.id = id;
}

export function wireWaterfall() {
  const form = document.getElementById('timeline-form');
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      await show(form.elements.id.value.trim());
    } catch (e) {
      showError('timeline-form', e);
    } finally {
      button.disabled = false;
    }
  });
}
