/**
 * The Open Inference Protocol's REST schemas (KServe v2; Triton's extensions where noted), as schema-only records
 * the controllers' OpenAPI annotations point at. The OIP routes read and write raw bytes (JSON, or JSON followed by
 * binary tensor data), so nothing here is ever instantiated: these records exist so that {@code /v3/api-docs} names
 * the protocol's bodies. They follow the protocol, not Baton's code; {@code OipRequestReader} and
 * {@code OipResponseWriter} are what actually parse and write them.
 */
package io.baton.gateway.oip.schema;
