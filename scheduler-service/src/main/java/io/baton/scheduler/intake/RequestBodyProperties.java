package io.baton.scheduler.intake;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Bounds on the request bodies the scheduler holds at once, bound from {@code baton.scheduler.request-bodies.*}.
 *
 * @param maxInFlight the most bytes of inference request bodies ({@code /internal/v1/infer},
 *                    {@code /internal/v1/ensemble-queries}) held from receipt until answered (default 128MB). A
 *                    request's tensors stay on the heap until its batch comes back, as their base64 text, plus a
 *                    parse buffer and the worker batch body each about as large while they are made: about four
 *                    times the body in all, so the default leaves a 512 MB heap (what {@code bin/baton up} and
 *                    compose give the scheduler) room for everything else. Past it a request is refused with 503
 *                    before its body is read, and one larger than the whole budget with 413
 */
@ConfigurationProperties(prefix = "baton.scheduler.request-bodies")
public record RequestBodyProperties(DataSize maxInFlight) {

    public RequestBodyProperties {
        if (maxInFlight == null) {
            maxInFlight = DataSize.ofMegabytes(128);
        }
        if (maxInFlight.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.scheduler.request-bodies.max-in-flight must be > 0");
        }
    }
}
