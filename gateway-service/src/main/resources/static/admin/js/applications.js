// The application list and the create form.

import {call, seg} from './api.js';
import {el, fillTable, showError, clearError, localProblem, integers, parseJson} from './dom.js';
import {state, setApplication} from './state.js';

export const DATATYPES = ['FP32', 'FP64', 'FP16', 'BF16', 'INT8', 'INT16', 'INT32', 'INT64', 'UINT8', 'UINT16',
  'UINT32', 'UINT64', 'BOOL', 'BYTES'];

export async function loadApplications() {
  try {
    const page = await call('GET', '/v1/applications', {query: {size: 200}});
    clearError('applications');
    const rows = page.items.map(a => el('tr', {'data-app': a.name, class: state.app && state.app.name === a.name ? 'selected' : null},
      el('td', {}, el('button', {type: 'button', class: 'link select-app', onclick: () => selectApplication(a.name)}, a.name)),
      el('td', {}, a.kind), el('td', {}, a.policy), el('td', {}, a.sloMs),
      el('td', {}, (a.classes || []).length ? `${a.classes.length}: ${a.classes.slice(0, 4).join(', ')}${a.classes.length > 4 ? ', …' : ''}` : '—')));
    fillTable(document.getElementById('app-list'), rows, 'No application yet: create one below.');
  } catch (e) {
    showError('applications', e);
  }
}

/** Reads an application (with its variants and profiles) and its datasets, and shows them. */
export async function selectApplication(name) {
  try {
    const [app, datasets] = await Promise.all([
      call('GET', `/v1/applications/${seg(name)}`),
      call('GET', `/v1/applications/${seg(name)}/datasets`, {query: {size: 200}})]);
    clearError('application');
    setApplication(app, datasets.items);
    for (const row of document.querySelectorAll('#app-list tr[data-app]')) {
      row.classList.toggle('selected', row.dataset.app === name);
    }
  } catch (e) {
    document.getElementById('application').hidden = false;
    showError('application', e);
  }
}

export function reloadApplication() {
  if (state.app) return selectApplication(state.app.name);
  return Promise.resolve();
}

function tensor(form, prefix, field) {
  const name = form.elements[prefix + 'Name'].value.trim();
  const shapeText = form.elements[prefix + 'Shape'].value.trim();
  if (!name && !shapeText) return null;
  if (!name) throw localProblem(`${field}[0].name is needed when a shape is given`, field);
  const shape = integers(shapeText, field) || [];
  return {name, datatype: form.elements[prefix + 'Datatype'].value, shape};
}

function applicationBody(form) {
  const f = form.elements;
  const body = {name: f.name.value.trim(), kind: f.kind.value, policy: f.policy.value.trim(),
    sloMs: f.sloMs.value === '' ? null : Number(f.sloMs.value)};
  const classes = f.classes.value.split(',').map(s => s.trim()).filter(Boolean);
  if (classes.length) body.classes = classes;
  const input = tensor(form, 'input', 'inputs');
  if (input) body.inputs = [input];
  const output = tensor(form, 'output', 'outputs');
  if (output) body.outputs = [output];
  const params = f.policyParams.value.trim();
  if (params) body.policyParams = parseJson(params, 'policyParams');
  return body;
}

export function wireCreateForm() {
  const form = document.getElementById('create-app');
  for (const name of ['inputDatatype', 'outputDatatype']) {
    form.elements[name].replaceChildren(...DATATYPES.map(d => el('option', {}, d)));
  }
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const created = await call('POST', '/v1/applications', {json: applicationBody(form)});
      clearError('create-app');
      form.reset();
      await loadApplications();
      await selectApplication(created.name);
    } catch (e) {
      showError('create-app', e);
    } finally {
      button.disabled = false;
    }
  });
}
