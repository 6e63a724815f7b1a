/**
 * Validation datasets of an application ({@code /v1/applications/{app}/datasets}): labelled samples whose bytes are two
 * data artifacts, checked against the application's first input and class labels by
 * {@link io.baton.registry.dataset.DatasetService}.
 */
package io.baton.registry.dataset;
