// Every call the page makes goes to this gateway's /v1 routes, with the API key the user typed (kept for this
// browser tab only, in sessionStorage). Refusals are RFC 7807 problem bodies; ApiError carries them to the section
// that made the call, which shows them next to its form.

const KEY = 'baton.apiKey';

export function apiKey() {
  return sessionStorage.getItem(KEY) || '';
}

export function setApiKey(key) {
  if (key) sessionStorage.setItem(KEY, key);
  else sessionStorage.removeItem(KEY);
}

export class ApiError extends Error {
  /** @param problem the problem body (or one made up for an answer that was not one) */
  constructor(status, problem) {
    super(problem.detail || problem.title || ('HTTP ' + status));
    this.status = status;
    this.problem = problem;
  }
}

/**
 * One call. options: json (a value sent as JSON), body + contentType (bytes: a File or Blob), query (an object).
 * Answers the parsed JSON body (null when there is none); throws ApiError for any status of 400 and above, and for a
 * network failure (status 0).
 */
export async function call(method, path, options = {}) {
  const headers = {Accept: 'application/json, application/problem+json'};
  const key = apiKey();
  if (key) headers['X-API-Key'] = key;
  let body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body !== undefined) {
    headers['Content-Type'] = options.contentType || 'application/octet-stream';
    body = options.body;
  }
  let url = path;
  if (options.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined && v !== null && v !== '') q.set(k, v);
    const s = q.toString();
    if (s) url += '?' + s;
  }
  let response;
  try {
    response = await fetch(url, {method, headers, body, cache: 'no-store'});
  } catch (e) {
    throw new ApiError(0, {title: 'Network error', detail: 'the gateway did not answer: ' + e.message});
  }
  const text = await response.text();
  let parsed = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      parsed = null;
    }
  }
  if (!response.ok) {
    const problem = parsed && typeof parsed === 'object' ? parsed
      : {title: response.statusText, detail: 'HTTP ' + response.status + (text ? ': ' + text.slice(0, 300) : '')};
    if (problem.error && !problem.detail) problem.detail = problem.error; // the OIP routes' error body
    throw new ApiError(response.status, problem);
  }
  return parsed;
}

/** The path segment for a name, encoded. */
export function seg(name) {
  return encodeURIComponent(name);
}
