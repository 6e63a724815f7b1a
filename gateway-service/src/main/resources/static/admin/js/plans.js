// Plans: those stored in the registry (newest first; the selected application's when one is selected), and planning
// with one of the scheduler's policies (the very planners of `bin/baton plan`), whose answer can then be stored.

import {call} from './api.js';
import {el, fillTable, showError, clearError, time, parseJson} from './dom.js';
import {state, onApplication} from './state.js';

let lastPlan = null; // {policy, plan}

export async function loadPlans() {
  try {
    const page = await call('GET', '/v1/plans', {query: {size: 20, application: state.app ? state.app.name : null}});
    clearError('plans');
    const rows = page.items.map(p => el('tr', {'data-plan': p.id},
      el('td', {}, p.id), el('td', {}, p.policy), el('td', {}, p.application || '—'), el('td', {}, time(p.createdAt)),
      el('td', {}, el('details', {}, el('summary', {}, summary(p.plan)), el('pre', {}, JSON.stringify(p.plan, null, 2))))));
    fillTable(document.getElementById('plan-list'), rows,
      state.app ? `No plan stored for ${state.app.name}.` : 'No plan stored.');
  } catch (e) {
    showError('plans', e);
  }
}

function summary(plan) {
  const text = JSON.stringify(plan);
  return text.length > 80 ? text.slice(0, 77) + '…' : text;
}

export function wirePlans() {
  const form = document.getElementById('compute-plan');
  const store = document.getElementById('store-plan');
  const result = document.getElementById('plan-result');
  onApplication(() => {
    store.disabled = !lastPlan;
    loadPlans();
  });
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const policy = form.elements.policy.value;
    result.hidden = true;
    lastPlan = null;
    store.disabled = true;
    try {
      const input = parseJson(form.elements.input.value, 'input', 'the input');
      const plan = await call('POST', `/v1/plans/${encodeURIComponent(policy)}`, {json: input});
      clearError('compute-plan');
      lastPlan = {policy, plan};
      result.textContent = JSON.stringify(plan, null, 2);
      result.hidden = false;
      store.disabled = !state.app;
    } catch (e) {
      showError('compute-plan', e);
    }
  });
  store.addEventListener('click', async () => {
    if (!lastPlan || !state.app) return;
    try {
      await call('POST', '/v1/plans', {json: {policy: lastPlan.policy, application: state.app.name, plan: lastPlan.plan}});
      clearError('compute-plan');
      store.disabled = true;
      await loadPlans();
    } catch (e) {
      showError('compute-plan', e);
    }
  });
}
