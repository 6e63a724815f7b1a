// The selected application's profiles: per device kind and execution provider a latency-vs-batch chart of every
// variant and a table of its figures; the per-class recall of every variant (measured on the validation set, the
// same on any device) with its accuracy; for an ensemble, Schemble's (score bin, subset) accuracy table from the
// ensemble profile the profiler stores for a whole-application job.

import {el, number, percent, bytes, time, showError} from './dom.js';
import {call} from './api.js';
import {onApplication} from './state.js';
import {latencyChart} from './chart.js';

function profiled(app) {
  const out = [];
  for (const v of app.variants || []) for (const p of v.profiles || []) out.push({variant: v.name, stage: v.stage, profile: p});
  return out;
}

function byDevice(entries) {
  const groups = new Map();
  for (const e of entries) {
    const key = `${e.profile.deviceKind}/${e.profile.executionProvider}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(e);
  }
  return groups;
}

function figuresTable(entries) {
  return el('table', {class: 'list numeric profile-figures'},
    el('thead', {}, el('tr', {},
      ...['variant', 'stage', 'ℓ(1) p50 (ms)', 'α (ms/row)', 'β (ms)', 'load (ms)', 'memory', 'accuracy', 'measured']
        .map(h => el('th', {}, h)))),
    el('tbody', {}, ...entries.map(({variant, stage, profile: p}) => {
      const one = (p.latency || []).find(x => x.batchSize === 1);
      return el('tr', {'data-variant': variant},
        el('td', {}, variant), el('td', {}, stage), el('td', {}, one ? number(one.p50Ms, 3) : '—'),
        el('td', {}, number(p.alphaMs, 3)), el('td', {}, number(p.betaMs, 3)), el('td', {}, number(p.loadMs, 1)),
        el('td', {}, bytes(p.memoryBytes)), el('td', {}, p.accuracy == null ? '—' : percent(p.accuracy)),
        el('td', {}, time(p.measuredAt)));
    })));
}

/** Rows: the classes; columns: the variants with a recall (one profile each: recall does not depend on the device). */
function recallTable(app, entries) {
  const seen = new Set();
  const columns = entries.filter(e => Array.isArray(e.profile.classRecall) && e.profile.classRecall.length
    && !seen.has(e.variant) && seen.add(e.variant));
  if (!columns.length) return el('p', {class: 'muted', id: 'recall-table-none'},
    'No per-class recall yet (profile with a validation dataset; a pipeline\'s stages have none).');
  const classes = app.classes && app.classes.length ? app.classes
    : columns[0].profile.classRecall.map((_, i) => 'class ' + i);
  const worst = columns.map(c => Math.min(...c.profile.classRecall));
  return el('table', {class: 'list numeric', id: 'recall-table'},
    el('thead', {}, el('tr', {}, el('th', {}, 'class'), ...columns.map(c => el('th', {'data-variant': c.variant}, c.variant)))),
    el('tbody', {},
      ...classes.map((name, i) => el('tr', {'data-class': i}, el('th', {}, name),
        ...columns.map((c, k) => {
          const r = c.profile.classRecall[i];
          return el('td', {class: r === worst[k] ? 'worst' : null}, r == null ? '—' : percent(r));
        }))),
      el('tr', {class: 'total'}, el('th', {}, 'accuracy'),
        ...columns.map(c => el('td', {}, c.profile.accuracy == null ? '—' : percent(c.profile.accuracy))))));
}

function render(app) {
  const root = document.getElementById('profiles');
  const entries = profiled(app);
  if (!entries.length) {
    root.replaceChildren(el('p', {class: 'muted'}, 'No profile yet: start profiling above.'));
    return;
  }
  const parts = [];
  for (const [device, group] of byDevice(entries)) {
    const series = group.filter(e => (e.profile.latency || []).length)
      .map(e => ({name: e.variant, points: e.profile.latency}));
    parts.push(el('div', {class: 'device-profiles', 'data-device': device},
      el('h4', {}, `Latency against batch size on ${device}`),
      latencyChart(series, `${app.name}: p50 and p99 latency per batch size on ${device}`),
      figuresTable(group)));
  }
  parts.push(el('h4', {}, 'Per-class recall on the validation set'), recallTable(app, entries));
  if (app.kind === 'ensemble') {
    const holder = el('div', {id: 'ensemble-bins'}, el('p', {class: 'muted'}, 'Loading the ensemble profile…'));
    parts.push(el('h4', {}, 'Ensemble bins: accuracy of each subset of base models against the full ensemble'),
      el('p', {class: 'error', role: 'alert', 'data-error-for': 'ensemble-bins', hidden: ''}), holder);
    loadEnsembleProfile(app, holder);
  }
  root.replaceChildren(...parts);
}

/** Subset mask → the base models that run, bit k for models[k] (the registry's order). */
function subsetName(models, mask) {
  return models.filter((_, k) => mask & (1 << k)).join('+');
}

/**
 * Rows: the score bins (easy to hard), with their score range and sample count; columns: every non-empty subset,
 * smallest first; each cell the share of the bin's validation samples on which that subset agrees with the ensemble.
 */
export function binTable(profile) {
  const models = profile.models || [];
  const masks = [];
  for (let s = 1; s < (1 << models.length); s++) masks.push(s);
  masks.sort((a, b) => bitCount(a) - bitCount(b) || a - b);
  const edges = profile.binEdges || [];
  const range = b => `${b === 0 ? '−∞' : number(edges[b - 1], 3)} … ${b === edges.length ? '∞' : number(edges[b], 3)}`;
  return el('table', {class: 'list numeric', id: 'ensemble-bin-table'},
    el('thead', {}, el('tr', {}, el('th', {}, 'bin'), el('th', {}, 'score'), el('th', {}, 'samples'),
      ...masks.map(m => el('th', {'data-subset': subsetName(models, m)}, subsetName(models, m))))),
    el('tbody', {}, ...(profile.accuracy || []).map((row, b) => el('tr', {'data-bin': b},
      el('th', {}, String(b)), el('td', {}, range(b)), el('td', {}, String((profile.binCounts || [])[b] ?? '—')),
      ...masks.map(m => el('td', {}, row[m] == null ? '—' : percent(row[m])))))));
}

function bitCount(x) {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

async function loadEnsembleProfile(app, holder) {
  try {
    const profile = await call('GET', `/v1/applications/${encodeURIComponent(app.name)}/ensemble-profile`);
    holder.replaceChildren(
      el('p', {class: 'muted'}, `${(profile.models || []).length} base models, aggregator ${profile.aggregator}, `
        + `${profile.sampleCount} validation samples, measured ${time(profile.measuredAt)}`
        + (profile.predictorDigest ? '; a difficulty predictor is stored' : '')),
      binTable(profile));
  } catch (e) {
    if (e.status === 404) {
      holder.replaceChildren(el('p', {class: 'muted', id: 'ensemble-bins-none'},
        'No ensemble profile yet: profile every variant of the application at once (a profiling job for "every variant").'));
    } else {
      holder.replaceChildren();
      showError('ensemble-bins', e);
    }
  }
}

export function wireProfiles() {
  onApplication(render);
}
