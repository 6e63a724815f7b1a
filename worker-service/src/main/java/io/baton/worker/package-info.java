/**
 * Worker-service: one process per device (a GPU or a CPU slice) that runs batches the scheduler dispatches, on ONNX
 * Runtime sessions held in a model cache under a memory budget. Batches arrive over HTTP ({@code api}) or gRPC
 * ({@code grpc}, raw tensor bytes).
 *
 * <p>Entry points: {@link io.baton.worker.WorkerApplication}, {@link io.baton.worker.WorkerConfiguration} (the wiring)
 * and {@link io.baton.worker.WorkerProperties} ({@code baton.worker.*}).
 */
package io.baton.worker;
