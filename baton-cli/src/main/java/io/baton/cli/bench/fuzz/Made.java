package io.baton.cli.bench.fuzz;

/** What a family of cases made: the fault, the bytes, how they are sent, and whether a 200 is also right. */
record Made(String description, byte[] bytes, Delivery delivery, boolean mayAccept) {

    /** Bytes sent whole that the gateway must refuse. */
    static Made refuse(String description, byte[] bytes) {
        return new Made(description, bytes, Delivery.WHOLE, false);
    }

    /** Bytes sent whole that may still be a request the model takes. */
    static Made either(String description, byte[] bytes) {
        return new Made(description, bytes, Delivery.WHOLE, true);
    }
}
