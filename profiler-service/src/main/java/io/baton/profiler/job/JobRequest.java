package io.baton.profiler.job;

import java.util.List;

/**
 * The body of {@code POST /v1/profiling-jobs}.
 *
 * @param application the registered application (required)
 * @param variant     one of its variants; left out: every variant of the application
 * @param provider    ONNX Runtime execution provider, {@code cpu} (default) or {@code cuda}
 * @param deviceKind  the device kind the profile is filed under in the registry (default {@code cpu} for the CPU
 *                    provider, {@code gpu} for CUDA; e.g. {@code gpu-h100})
 * @param dataset     the application's validation dataset to evaluate on (default: its only one, or the first by
 *                    name; none registered: accuracy is left out)
 * @param batchSizes  batch sizes to time (default {@code baton.profiler.batch-sizes}, 1, 2, 4 … 64)
 * @param repetitions timed runs per batch size (default {@code baton.profiler.repetitions})
 * @param warmup      untimed runs per batch size first (default {@code baton.profiler.warmup})
 * @param bins        for an ensemble application profiled whole: the discrepancy-score bins of its ensemble profile
 *                    (default {@code baton.profiler.ensemble-bins}); refused for any other application or job
 */
public record JobRequest(String application, String variant, String provider, String deviceKind, String dataset,
                         List<Integer> batchSizes, Integer repetitions, Integer warmup, Integer bins) {
}
