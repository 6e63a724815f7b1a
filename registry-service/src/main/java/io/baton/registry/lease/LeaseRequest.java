package io.baton.registry.lease;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code PUT /internal/v1/leases/{name}}: who asks, where it can be reached, and for how long it wants
 * the lease from now (the registry's now, not the caller's).
 *
 * @param holder    a caller's identity, unique per process (a restarted process is a new holder)
 * @param holderUrl where the holder serves, shown to whoever finds the lease taken (null: not said)
 * @param ttlMillis how long the lease lasts unless renewed, 100 ms to 10 minutes
 */
public record LeaseRequest(
        @NotBlank @Size(max = 256) String holder,
        @Size(max = 2048) String holderUrl,
        @NotNull @Min(100) @Max(600_000) Long ttlMillis) {
}
