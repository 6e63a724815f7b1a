// Starting profiling jobs (profiler-service, through the gateway) and watching them: while a job of the selected
// application is queued or running the list is polled every second; when one ends the application is read again,
// so its new profiles appear.

import {call, seg} from './api.js';
import {el, fillTable, showError, clearError, integers, localProblem, time, percent, onApplicationSubmit} from './dom.js';
import {state, onApplication} from './state.js';
import {reloadApplication} from './applications.js';

const POLL_MS = 1000;
let timer = null;
let active = new Set(); // ids of this application's jobs last seen queued or running
let round = 0; // the latest refresh; an older one still awaiting its answer gives way

function positive(value, field) {
  if (value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw localProblem(`${field} must be a whole number`, field);
  return n;
}

function jobBody(form) {
  const f = form.elements;
  const body = {application: state.app.name};
  if (f.variant.value) body.variant = f.variant.value;
  if (f.dataset.value) body.dataset = f.dataset.value;
  if (f.deviceKind.value.trim()) body.deviceKind = f.deviceKind.value.trim();
  body.provider = f.provider.value;
  const sizes = integers(f.batchSizes.value, 'batchSizes');
  if (sizes) body.batchSizes = sizes;
  body.repetitions = positive(f.repetitions.value, 'repetitions');
  body.warmup = positive(f.warmup.value, 'warmup');
  return body;
}

function jobRow(job) {
  const running = job.state === 'queued' || job.state === 'running';
  return el('tr', {'data-job': job.id, 'data-state': job.state},
    el('td', {class: 'digest', title: job.id}, job.id.slice(0, 8)),
    el('td', {}, (job.variants || []).join(', ')),
    el('td', {}, `${job.deviceKind}/${job.provider}`),
    el('td', {class: 'state ' + job.state}, job.state, job.error ? el('div', {class: 'error-text'}, job.error) : null),
    el('td', {}, el('progress', {max: 1, value: job.progress || 0}), ' ', percent(job.progress || 0, 0)),
    el('td', {}, time(job.startedAt || job.createdAt)),
    el('td', {}, running ? el('button', {type: 'button', class: 'cancel-job', onclick: () => cancel(job.id)}, 'Cancel') : null));
}

async function cancel(id) {
  try {
    await call('POST', `/v1/profiling-jobs/${seg(id)}/cancel`);
    clearError('jobs');
  } catch (e) {
    showError('jobs', e);
  }
  refresh();
}

/** Reads the profiler's jobs, shows the selected application's, and polls again while any is unfinished. */
export async function refresh() {
  clearTimeout(timer);
  timer = null;
  const mine = ++round;
  const app = state.app;
  if (!app) return;
  let jobs;
  try {
    jobs = (await call('GET', '/v1/profiling-jobs')).filter(j => j.application === app.name);
    if (mine !== round) return;
    clearError('jobs');
  } catch (e) {
    if (mine !== round) return;
    showError('jobs', e);
    timer = setTimeout(refresh, 5 * POLL_MS);
    return;
  }
  if (!state.app || state.app.name !== app.name) return; // another application was selected meanwhile
  fillTable(document.getElementById('job-list'), jobs.slice(0, 20).map(jobRow), 'No profiling job for this application yet.');
  const unfinished = new Set(jobs.filter(j => j.state === 'queued' || j.state === 'running').map(j => j.id));
  const ended = [...active].some(id => !unfinished.has(id));
  active = unfinished;
  if (ended) await reloadApplication(); // new profiles
  if (unfinished.size) timer = setTimeout(refresh, POLL_MS);
}

function fillChoices(app) {
  const form = document.getElementById('start-profiling');
  const variant = form.elements.variant;
  const chosen = variant.value;
  variant.replaceChildren(el('option', {value: ''}, 'every variant'),
    ...(app.variants || []).map(v => el('option', {value: v.name}, v.name)));
  if ((app.variants || []).some(v => v.name === chosen)) variant.value = chosen;
  const dataset = form.elements.dataset;
  dataset.replaceChildren(el('option', {value: ''}, 'the first'),
    ...state.datasets.map(d => el('option', {value: d.name}, d.name)));
}

export function wireProfiling() {
  let shown = null;
  onApplication(app => {
    fillChoices(app);
    if (shown !== app.name) {
      shown = app.name;
      active = new Set();
      clearError('start-profiling');
      refresh();
    }
  });
  onApplicationSubmit('start-profiling', async form => {
    const job = await call('POST', '/v1/profiling-jobs', {json: jobBody(form)});
    clearError('start-profiling');
    active.add(job.id);
    await refresh();
  });
}
