package io.baton.gateway.serving;

/**
 * Triton's request priority (schedule-policy extension: 1 is the highest level, larger numbers are lower, 0 means
 * "the model's default level") onto Baton's (larger is more important, 0 is the default):
 * <pre>
 *   Triton 0 -> Baton 0;   Triton p >= 1 -> Baton (defaultLevel - p)
 * </pre>
 * so that Triton's default level ({@code baton.gateway.priority-default-level}, 5 unless set) is Baton's 0, levels
 * above it (1..4) are more important (4..1), and levels below it are less important (negative). The order of levels
 * is kept exactly.
 */
public record PriorityMapping(int defaultLevel) {

    public int toBaton(long tritonPriority) {
        if (tritonPriority < 0) {
            throw new IllegalArgumentException("priority must be 0 or more, not " + tritonPriority);
        }
        if (tritonPriority == 0) {
            return 0;
        }
        long baton = defaultLevel - tritonPriority;
        return (int) Math.max(Integer.MIN_VALUE, baton);
    }
}
