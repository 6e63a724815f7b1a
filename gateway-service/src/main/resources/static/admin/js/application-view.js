// The selected application: its facts, variants and validation datasets.

import {el, fillTable, spec, time} from './dom.js';
import {onApplication, state} from './state.js';

function fact(term, value) {
  return [el('dt', {}, term), el('dd', {}, value)];
}

function render(app) {
  document.getElementById('application').hidden = false;
  document.getElementById('app-name').textContent = app.name;
  document.getElementById('app-facts').replaceChildren(
    ...fact('kind', app.kind), ...fact('policy', app.policy), ...fact('SLO', app.sloMs + ' ms'),
    ...fact('classes', (app.classes || []).length ? app.classes.join(', ') : '—'),
    ...fact('inputs', (app.inputs || []).map(spec).join('; ') || 'the first variant\'s'),
    ...fact('outputs', (app.outputs || []).map(spec).join('; ') || 'the last variant\'s'),
    ...fact('policyParams', app.policyParams && Object.keys(app.policyParams).length ? JSON.stringify(app.policyParams) : '—'),
    ...fact('version', app.version));

  const variants = (app.variants || []).map(v => el('tr', {'data-variant': v.name},
    el('td', {}, v.name), el('td', {}, v.stage),
    el('td', {class: 'digest', title: v.artifactDigest}, (v.artifactDigest || '').slice(0, 12)),
    el('td', {}, (v.inputs || []).map(spec).join('; ')),
    el('td', {}, (v.outputs || []).map(spec).join('; ')),
    el('td', {'data-column': 'maxBatchSize'}, v.maxBatchSize ?? '—'),
    el('td', {'data-column': 'inputValues'}, v.inputValues && Object.keys(v.inputValues).length ? JSON.stringify(v.inputValues) : '—'),
    el('td', {}, (v.profiles || []).map(p => `${p.deviceKind}/${p.executionProvider}`).join(', ') || 'none')));
  fillTable(document.getElementById('variant-list'), variants, 'No variant yet: upload an ONNX file below.');

  const datasets = state.datasets.map(d => el('tr', {'data-dataset': d.name},
    el('td', {}, d.name), el('td', {}, d.sampleCount), el('td', {}, spec(d.inputSpec)), el('td', {}, time(d.createdAt))));
  fillTable(document.getElementById('dataset-list'), datasets, 'No validation dataset yet: upload one below.');

  const stage = document.querySelector('#upload-variant [name=stage]');
  stage.disabled = app.kind !== 'pipeline';
  if (app.kind !== 'pipeline') stage.value = '0';
}

export function wireApplicationView() {
  onApplication(render);
}
