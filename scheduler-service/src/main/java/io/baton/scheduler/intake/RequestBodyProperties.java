package io.baton.scheduler.intake;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Bounds on the request bodies the scheduler holds at once, bound from {@code baton.scheduler.request-bodies.*}.
 *
 * @param maxInFlight the most bytes of inference request bodies ({@code /internal/v1/infer},
 *                    {@code /internal/v1/ensemble-queries}) held from receipt until answered. A
 *                    request's tensors stay on the heap until its batch comes back, as their base64 text, and while
 *                    they are read and sent on Jackson's buffers and the worker's batch body each hold them again:
 *                    measured, a 76 MB body took about four times its size of heap at the peak (it was served with
 *                    a 384 MB heap, not two at once with 512 MB). The default (96MB) leaves the 512 MB heap that
 *                    {@code bin/baton up} and compose give the scheduler room for everything else, and admits one
 *                    request at the gateway's largest ({@code baton.gateway.request-limits.max-tensor-bytes}, 64 MB
 *                    of tensors, about 86 MB as base64). Past it a request is refused with 503 before its body is
 *                    read, and one larger than the whole budget with 413
 */
@ConfigurationProperties(prefix = "baton.scheduler.request-bodies")
public record RequestBodyProperties(@DefaultValue("96MB") DataSize maxInFlight) {

    public RequestBodyProperties {
        if (maxInFlight.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.scheduler.request-bodies.max-in-flight must be > 0");
        }
    }
}
