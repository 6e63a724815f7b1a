package io.baton.gateway.oip;

import java.util.List;

import io.baton.commons.tensor.Tensor;

/**
 * An OIP inference request, read and decoded.
 *
 * @param outputs          the outputs asked for, or null for all of them
 * @param binaryDataOutput the request-level {@code binary_data_output} parameter: every output binary unless an
 *                         output says otherwise
 * @param timeoutUs        the {@code timeout} parameter (microseconds), or null
 * @param priority         the {@code priority} parameter (Triton's levels), or null
 */
public record OipRequest(String id, List<Tensor> inputs, List<OutputRequest> outputs, boolean binaryDataOutput,
                         Long timeoutUs, Long priority) {

    /**
     * One entry of {@code outputs}: {@code binaryData} is its {@code parameters.binary_data}, or null;
     * {@code classification} the classification extension's K (top classes to answer instead of the tensor), or null.
     */
    public record OutputRequest(String name, Boolean binaryData, Integer classification) {

        public OutputRequest(String name, Boolean binaryData) {
            this(name, binaryData, null);
        }
    }

    public List<String> outputNames() {
        return outputs == null ? null : outputs.stream().map(OutputRequest::name).toList();
    }

    /** Whether the output named {@code name} goes back as binary data. */
    public boolean binary(String name) {
        if (outputs != null) {
            for (OutputRequest o : outputs) {
                if (o.name().equals(name) && o.binaryData() != null) {
                    return o.binaryData();
                }
            }
        }
        return binaryDataOutput;
    }
}
