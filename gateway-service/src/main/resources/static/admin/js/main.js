// The admin page: wires each section, then reads what there is. Every call needs the API key when the gateway has
// keys configured; a refusal shows where it happened (401 names X-API-Key).

import {apiKey, setApiKey} from './api.js';
import {loadApplications, wireCreateForm, reloadApplication} from './applications.js';
import {wireApplicationView} from './application-view.js';
import {wireUploads} from './uploads.js';
import {wireProfiling} from './profiling.js';
import {wireProfiles} from './profiles.js';
import {loadPlans, wirePlans} from './plans.js';
import {wireMetrics, refreshMetrics} from './metrics.js';
import {wireHistory, refreshHistory} from './history.js';
import {wireWaterfall} from './waterfall.js';

function showKeyState() {
  document.getElementById('key-state').textContent = apiKey() ? 'key set for this tab' : 'no key set';
}

function reloadAll() {
  loadApplications();
  reloadApplication();
  loadPlans();
  refreshMetrics();
  refreshHistory();
}

function wireKey() {
  const form = document.getElementById('key-form');
  const input = document.getElementById('api-key');
  input.value = apiKey();
  form.addEventListener('submit', event => {
    event.preventDefault();
    setApiKey(input.value.trim());
    showKeyState();
    reloadAll();
  });
  document.getElementById('forget-key').addEventListener('click', () => {
    input.value = '';
    setApiKey('');
    showKeyState();
    reloadAll();
  });
  showKeyState();
}

wireKey();
wireCreateForm();
wireApplicationView();
wireUploads();
wireProfiling();
wireProfiles();
wirePlans();
loadApplications();
loadPlans();
wireMetrics();
wireHistory();
wireWaterfall();
document.body.dataset.ready = 'true';
