package io.gcstream.circuits;

/**
 * A circuit is malformed: the message names where (file and line, or byte offset) and what
 * is wrong, in words meant for the user.
 */
public class CircuitFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CircuitFormatException(String message) {
        super(message);
    }

    public CircuitFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
