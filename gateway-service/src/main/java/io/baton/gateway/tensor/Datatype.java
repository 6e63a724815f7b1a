package io.baton.gateway.tensor;

import java.util.Arrays;

/**
 * The Open Inference Protocol datatypes Baton serves end to end (a worker runs exactly these), with their width in
 * bytes; binary tensors are little-endian, row-major.
 */
public enum Datatype {
    FP32(4),
    FP64(8),
    INT32(4),
    INT64(8);

    private final int bytes;

    Datatype(int bytes) {
        this.bytes = bytes;
    }

    public int bytes() {
        return bytes;
    }

    public boolean floating() {
        return this == FP32 || this == FP64;
    }

    /** The datatype spelt {@code name} (OIP spells them upper-case), or a {@link TensorException} naming the tensor. */
    public static Datatype of(String tensor, String name) {
        if (name == null || name.isBlank()) {
            throw new TensorException(tensor, "datatype is missing (one of " + names() + ")");
        }
        for (Datatype d : values()) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        throw new TensorException(tensor, "datatype '" + name + "' is not served by Baton (it serves " + names() + ")");
    }

    public static String names() {
        return Arrays.toString(values());
    }
}
