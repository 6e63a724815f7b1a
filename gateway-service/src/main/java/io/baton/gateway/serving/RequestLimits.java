package io.baton.gateway.serving;

import java.util.List;

import io.baton.commons.tensor.Tensor;
import io.baton.gateway.GatewayException;

/**
 * Refuses an inference request that asks for more than {@link RequestLimitsProperties} allow: too many tensor elements
 * or bytes (413), or a {@code timeout} past the cap (400). Each refusal names the cap, its configuration key and what
 * the request asked, so that a client knows what to change.
 */
public final class RequestLimits {

    private final RequestLimitsProperties limits;

    public RequestLimits(RequestLimitsProperties limits) {
        this.limits = limits;
    }

    /**
     * @param timeoutUs the request's {@code parameters.timeout} in microseconds, or null
     */
    public void check(List<Tensor> inputs, Long timeoutUs) {
        long elements = 0;
        long bytes = 0;
        for (Tensor t : inputs) {
            long n = t.elements();
            elements = saturatedAdd(elements, n);
            bytes = saturatedAdd(bytes, t.byteSize());
        }
        if (elements > limits.maxElements()) {
            throw new GatewayException(413, "too-many-elements", "the request's input tensors hold " + elements
                    + " elements, more than the cap of " + limits.maxElements()
                    + " per request (baton.gateway.request-limits.max-elements); send fewer rows per request");
        }
        if (bytes > limits.maxTensorBytes().toBytes()) {
            throw new GatewayException(413, "too-many-bytes", "the request's input tensors hold " + bytes
                    + " bytes, more than the cap of " + limits.maxTensorBytes().toBytes()
                    + " bytes per request (baton.gateway.request-limits.max-tensor-bytes); send fewer rows per request");
        }
        long maxUs = limits.maxTimeout().toNanos() / 1000;
        if (timeoutUs != null && timeoutUs > maxUs) {
            throw new GatewayException(400, "timeout-too-long", "parameters.timeout is " + timeoutUs
                    + " microseconds, more than the cap of " + maxUs
                    + " microseconds (baton.gateway.request-limits.max-timeout = " + limits.maxTimeout() + ")");
        }
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
