/**
 * Model variants of an application ({@code /v1/applications/{app}/variants}): each one ONNX artifact serving one stage;
 * {@link io.baton.registry.variant.VariantService} checks declared tensor specs against the model's own.
 */
package io.baton.registry.variant;
