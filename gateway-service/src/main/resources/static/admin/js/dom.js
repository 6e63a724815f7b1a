// Small DOM helpers: elements, the error line of each section and form, a form acting on the selected application,
// number formats.

import {state} from './state.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An element; attrs: attributes (class, data-*, …), with on* functions as listeners; children: nodes or text. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, likewise. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attrs);
  append(node, children);
  return node;
}

function setAttributes(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(node, children) {
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces a table body's rows; an empty list shows one row saying so. */
export function fillTable(table, rows, emptyText) {
  const body = table.tBodies[0];
  body.replaceChildren();
  if (rows.length === 0) {
    const columns = table.tHead ? table.tHead.rows[0].cells.length : 1;
    body.append(el('tr', {class: 'empty'}, el('td', {colspan: columns}, emptyText)));
    return;
  }
  body.append(...rows);
}

function errorLine(name) {
  return document.querySelector(`[data-error-for="${name}"]`);
}

/**
 * Shows a failure in the error line of `name` (a section or a form): the problem's detail, the field it names and
 * each bean-validation error; the form's input for that field is marked invalid.
 */
export function showError(name, error) {
  const line = errorLine(name);
  const problem = (error && error.problem) || {detail: String(error && error.message || error)};
  const field = problem.field || (problem.errors && problem.errors[0] && problem.errors[0].field) || null;
  const parts = [];
  if (error && error.status) parts.push(error.status + ' ' + (problem.title || ''));
  parts.push(problem.detail || problem.title || 'failed');
  let text = parts.join(': ').replace(/\s+:/, ':');
  if (field) text += ` (field: ${field})`;
  if (Array.isArray(problem.errors) && problem.errors.length > 1) {
    text += ' — ' + problem.errors.map(e => `${e.field}: ${e.message}`).join('; ');
  }
  line.textContent = text;
  line.dataset.status = error && error.status ? String(error.status) : '';
  line.dataset.field = field || '';
  line.hidden = false;
  const form = document.getElementById(name);
  if (form && form.tagName === 'FORM') markField(form, field);
}

export function clearError(name) {
  const line = errorLine(name);
  line.hidden = true;
  line.textContent = '';
  const form = document.getElementById(name);
  if (form && form.tagName === 'FORM') markField(form, null);
}

/**
 * Marks the inputs one of whose data-field names (space-separated) is the problem's field, or its top-level part
 * (inputs[0].shape → inputs).
 */
function markField(form, field) {
  const top = field ? field.split(/[.[]/)[0] : null;
  for (const input of form.querySelectorAll('[data-field]')) {
    const names = input.dataset.field.split(/\s+/);
    const hit = field && (names.includes(field) || names.includes(top));
    input.classList.toggle('invalid', Boolean(hit));
    if (hit) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/**
 * On submitting form `name`: action(form) for the selected application (refused in the page while none is), with the
 * submit button disabled until it ends; a failure runs onFailure, then is shown in the form's error line.
 */
export function onApplicationSubmit(name, action, onFailure = () => {}) {
  const form = document.getElementById(name);
  form.addEventListener('submit', async event => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      if (!state.app) throw localProblem('select an application first', null);
      await action(form);
    } catch (e) {
      onFailure();
      showError(name, e);
    } finally {
      button.disabled = false;
    }
  });
}

/** A status line next to a form (what a multi-step action is doing). */
export function status(name, text) {
  const node = document.querySelector(`[data-status-for="${name}"]`);
  if (node) node.textContent = text || '';
}

export function number(x, digits = 2) {
  if (x === undefined || x === null || Number.isNaN(x)) return '—';
  return Number(x).toFixed(digits);
}

export function percent(x, digits = 1) {
  if (x === undefined || x === null || Number.isNaN(x)) return '—';
  return (100 * x).toFixed(digits) + ' %';
}

export function bytes(x) {
  if (x === undefined || x === null) return '—';
  if (x >= 1 << 20) return (x / (1 << 20)).toFixed(1) + ' MiB';
  if (x >= 1 << 10) return (x / (1 << 10)).toFixed(1) + ' KiB';
  return x + ' B';
}

export function time(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function spec(t) {
  return t ? `${t.name} ${t.datatype} [${(t.shape || []).join(', ')}]` : '—';
}

/** "1, 2, 4" or "1 2 4" → [1, 2, 4]; null when blank; throws naming the field when not integers. */
export function integers(text, field) {
  const s = (text || '').trim();
  if (!s) return null;
  const parts = s.split(/[\s,]+/).filter(Boolean);
  const values = parts.map(Number);
  if (values.some(v => !Number.isInteger(v))) {
    const e = new Error(`${field} must be whole numbers separated by commas, got "${s}"`);
    e.problem = {detail: e.message, field};
    throw e;
  }
  return values;
}

/** The JSON a form field holds; throws naming the field (as `what` in the message) when it is not JSON. */
export function parseJson(text, field, what = field) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw localProblem(`${what} is not JSON: ${e.message}`, field);
  }
}

/** A failure found in the page before any call, shown like a problem body. */
export function localProblem(detail, field) {
  const e = new Error(detail);
  e.problem = {title: 'Not sent', detail, field};
  return e;
}
