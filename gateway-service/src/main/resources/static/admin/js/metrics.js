// Live metrics from the scheduler (GET /v1/metrics/summary through the gateway), read every few seconds while the
// page is visible.

import {call} from './api.js';
import {el, fillTable, showError, clearError, number, percent} from './dom.js';

const POLL_MS = 3000;
let timer = null;

async function refresh() {
  clearTimeout(timer);
  try {
    const summary = await call('GET', '/v1/metrics/summary');
    clearError('metrics');
    document.getElementById('metrics-window').textContent = `(last ${summary.windowSeconds} s, ${new Date().toLocaleTimeString()})`;
    fillTable(document.getElementById('metrics-apps'), summary.applications.map(a => el('tr', {'data-app': a.application},
      el('td', {}, a.application), el('td', {}, number(a.goodput, 1)), el('td', {}, percent(a.missRate)),
      el('td', {}, number(a.p99LatencyMs, 1)), el('td', {}, number(a.meanBatchSize, 1)), el('td', {}, a.batches),
      el('td', {}, a.queueLength))), 'No request served yet.');
    fillTable(document.getElementById('metrics-workers'), summary.workers.map(w => el('tr', {'data-worker': w.workerId},
      el('td', {}, w.workerId), el('td', {class: 'state ' + w.state.toLowerCase()}, w.state), el('td', {}, w.deviceKind || '—'),
      el('td', {class: w.busy ? 'busy' : 'idle'}, w.busy ? 'busy' : 'idle'), el('td', {}, percent(w.idleFraction, 0)),
      el('td', {}, w.runningBatches), el('td', {}, number(w.busySeconds, 1)), el('td', {}, w.residentModels))),
      'No worker has registered with the scheduler.');
  } catch (e) {
    showError('metrics', e);
  }
  if (!document.hidden) timer = setTimeout(refresh, POLL_MS);
}

export function wireMetrics() {
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) refresh();
    else clearTimeout(timer);
  });
  refresh();
}

export {refresh as refreshMetrics};
