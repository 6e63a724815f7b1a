package io.baton.commons.tensor;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The services' internal JSON (gateway → scheduler → worker and back) carries tensors as base64 strings. Jackson
 * refuses strings over 20,000,000 characters by default, so a tensor of about 15 MB, well inside the gateway's
 * 64 MB request limit, was refused deep inside the suite with Jackson's wording. Sizes are bounded where requests
 * enter (the gateway's {@code max-infer-request-size}); inside, a string may be as long as Java allows.
 */
public final class TensorWire {

    private TensorWire() {
    }

    /** Lets {@code mapper} read base64 tensors of any size the gateway admitted. */
    public static ObjectMapper allowLargeTensors(ObjectMapper mapper) {
        StreamReadConstraints current = mapper.getFactory().streamReadConstraints();
        mapper.getFactory().setStreamReadConstraints(current.rebuild().maxStringLength(Integer.MAX_VALUE).build());
        return mapper;
    }
}
