package io.baton.commons.tensor;

/**
 * One element of JSON tensor data that does not fit its datatype. It carries the element's row-major index and what
 * is wrong ({@code is "a", not a number}) apart, so that each service names the place its own way: the gateway as
 * {@code input 'x': data[3] ...}, a worker as the field {@code inputs[0].parts[1].data[3]}.
 */
public class ElementException extends RuntimeException {

    private final long index;

    public ElementException(long index, String problem) {
        super(problem);
        this.index = index;
    }

    public long index() {
        return index;
    }

    /** What is wrong with the element, starting with a verb: {@code is 1.5, not a 32-bit integer}. */
    public String problem() {
        return super.getMessage();
    }

    /** {@code data[3] is 1.5, not a 32-bit integer}. */
    @Override
    public String getMessage() {
        return "data[" + index + "] " + problem();
    }
}
