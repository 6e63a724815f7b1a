package io.baton.scheduler.actuate;

/** An actuator could not read or scale a pool; the message says what failed (with the API server's status). */
public class ActuatorException extends RuntimeException {

    public ActuatorException(String message) {
        super(message);
    }

    public ActuatorException(String message, Throwable cause) {
        super(message, cause);
    }
}
