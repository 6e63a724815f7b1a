// The application the page shows (the registry's hot read: variants with their profiles) and its datasets; the
// sections that depend on it listen here.

const listeners = [];

export const state = {app: null, datasets: []};

export function onApplication(listener) {
  listeners.push(listener);
}

export function setApplication(app, datasets) {
  state.app = app;
  state.datasets = datasets || [];
  for (const l of listeners) l(app);
}
