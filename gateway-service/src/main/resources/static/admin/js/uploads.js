// Uploading a variant (an ONNX file: artifact first, then the variant naming its digest) and a validation dataset
// (two data blobs, then the dataset naming both).

import {call, seg} from './api.js';
import {onApplicationSubmit, clearError, status, integers, localProblem, parseJson} from './dom.js';
import {state} from './state.js';
import {reloadApplication} from './applications.js';
import {readValidationSet} from './validation-set.js';

async function uploadArtifact(blob, type) {
  const artifact = await call('POST', '/v1/artifacts', {query: {type}, body: blob,
    contentType: 'application/octet-stream'});
  return artifact.digest;
}

/** Runs the upload on submit; once it is done the form is emptied and the application read again. */
function guard(formId, upload) {
  onApplicationSubmit(formId, async form => {
    await upload(form);
    clearError(formId);
    form.reset();
    await reloadApplication();
  }, () => status(formId, ''));
}

/** The form's name and file, both required; a missing file is reported on `fileField`. */
function nameAndFile(form, noun, fileAdvice, fileField) {
  const name = form.elements.name.value.trim();
  const file = form.elements.file.files[0];
  if (!name) throw localProblem(`the ${noun} needs a name`, 'name');
  if (!file) throw localProblem(fileAdvice, fileField);
  return {name, file};
}

/**
 * The variant's batching and input values as the form gives them, checked for form only (a whole number, a JSON
 * object): whether they fit the model is the registry's to say. Left empty, neither is sent (maxBatchSize is then
 * derived from the model).
 */
function batchingFields(form) {
  const f = form.elements;
  const fields = {};
  const max = f.maxBatchSize.value.trim();
  if (f.maxBatchSize.validity.badInput) throw localProblem('maxBatchSize must be a whole number from 0 to 4096', 'maxBatchSize');
  if (max) {
    if (!/^\d+$/.test(max)) throw localProblem(`maxBatchSize must be a whole number from 0 to 4096, got "${max}"`, 'maxBatchSize');
    fields.maxBatchSize = Number(max);
  }
  const values = f.inputValues.value.trim();
  if (values) {
    fields.inputValues = parseJson(values, 'inputValues');
    if (!fields.inputValues || typeof fields.inputValues !== 'object' || Array.isArray(fields.inputValues)) {
      throw localProblem('inputValues must be a JSON object of input name to value, e.g. {"sr": 16000}', 'inputValues');
    }
  }
  return fields;
}

async function uploadVariant(form) {
  const f = form.elements;
  const {name, file} = nameAndFile(form, 'variant', 'choose the variant\'s ONNX file', 'artifactDigest');
  const batching = batchingFields(form);
  status('upload-variant', `uploading ${file.name} (${file.size} bytes)…`);
  const digest = await uploadArtifact(file, 'onnx');
  status('upload-variant', 'registering the variant…');
  await call('POST', `/v1/applications/${seg(state.app.name)}/variants`,
    {json: {name, stage: Number(f.stage.value || 0), artifactDigest: digest, ...batching}});
  status('upload-variant', `variant ${name} added`);
}

/** The name of the tensor a dataset feeds: the application's first input, else its first variant's. */
function inputName(app) {
  if (app.inputs && app.inputs.length) return app.inputs[0].name;
  const v = (app.variants || []).find(x => (x.inputs || []).length);
  return v ? v.inputs[0].name : 'input';
}

async function uploadDataset(form) {
  const f = form.elements;
  const {name, file} = nameAndFile(form, 'dataset', 'choose the validation set file', 'inputsDigest');
  let set;
  try {
    set = await readValidationSet(file);
  } catch (e) {
    throw localProblem(e.message, 'inputsDigest');
  }
  if (!set) {
    const labels = f.labels.files[0];
    if (!labels) throw localProblem(`${file.name} is not a Baton validation set (BATONVS1): raw FP32 inputs need the labels file (INT32)`, 'labelsDigest');
    const dims = integers(f.shape.value, 'inputSpec');
    if (!dims) throw localProblem('raw inputs need one sample\'s shape, e.g. 1, 28, 28', 'inputSpec');
    if (labels.size % 4 !== 0) throw localProblem(`${labels.name} has ${labels.size} bytes: not a whole number of INT32 labels`, 'labelsDigest');
    set = {count: labels.size / 4, dims, inputs: file, labels};
  }
  status('upload-dataset', `uploading ${set.count} samples…`);
  const inputsDigest = await uploadArtifact(set.inputs, 'data');
  const labelsDigest = await uploadArtifact(set.labels, 'data');
  status('upload-dataset', 'registering the dataset…');
  await call('POST', `/v1/applications/${seg(state.app.name)}/datasets`, {json: {name, inputsDigest, labelsDigest,
    sampleCount: set.count, inputSpec: {name: inputName(state.app), datatype: 'FP32', shape: [set.count, ...set.dims]}}});
  status('upload-dataset', `dataset ${name} added (${set.count} samples)`);
}

export function wireUploads() {
  guard('upload-variant', uploadVariant);
  guard('upload-dataset', uploadDataset);
}
