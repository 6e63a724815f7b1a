/**
 * Running one batch: {@link io.baton.worker.batch.BatchRunner} makes the variant resident,
 * {@link io.baton.worker.batch.BatchDecoder} checks the {@link io.baton.worker.batch.BatchRequest} against the model's
 * signature and concatenates its parts, ONNX Runtime runs it, and {@link io.baton.worker.batch.OutputEncoder} splits
 * the outputs back into a {@link io.baton.worker.batch.BatchResponse}. {@link io.baton.worker.batch.RunCanceller} ends
 * runs at their deadline or when they grow the process past its bound. Both routes run batches here: the HTTP route
 * with parts as JSON or base64, the gRPC route ({@code io.baton.worker.grpc}) with parts as raw bytes.
 */
package io.baton.worker.batch;
