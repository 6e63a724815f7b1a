package io.baton.commons.json;

import java.util.List;

import com.fasterxml.jackson.databind.JsonMappingException.Reference;

/** Jackson's reference chain as the JSON path a client wrote: {@code inputs[0].shape}. */
public final class JsonPaths {

    private JsonPaths() {
    }

    public static String of(List<Reference> path) {
        StringBuilder out = new StringBuilder();
        for (Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (!out.isEmpty()) out.append('.');
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }
}
