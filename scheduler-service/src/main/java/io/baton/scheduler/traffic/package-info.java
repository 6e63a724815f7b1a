/**
 * The traffic recording: every request the scheduler accepted, with its outcome, written to a bounded set of rolling
 * CSV files in the trace format {@code bin/baton simulate} replays (scheduling-core's
 * {@code io.baton.core.workload.RecordedColumns}), and served back by {@code GET /internal/v1/traffic?since=} (the
 * gateway's {@code GET /v1/traffic}) for {@code bin/baton twin} to replay. Start at
 * {@link io.baton.scheduler.traffic.TrafficRecorder}: a bounded queue filled on the request path and drained by one
 * writer thread ({@link io.baton.scheduler.traffic.ArrivalOrder} puts lines in arrival order,
 * {@link io.baton.scheduler.traffic.LivePathSamples} measures what batches cost beyond ONNX Runtime,
 * {@link io.baton.scheduler.traffic.BatchLines} writes each served batch's run under load,
 * {@link io.baton.scheduler.traffic.RollingFiles} writes and rolls the files);
 * {@link io.baton.scheduler.traffic.TrafficController} is the download.
 */
package io.baton.scheduler.traffic;
