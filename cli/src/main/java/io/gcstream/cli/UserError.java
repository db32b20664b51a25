package io.gcstream.cli;

/**
 * A mistake of the user (bad option, bad value, missing file): printed as one line, no stack
 * trace, exit status {@link #EXIT_USAGE}.
 */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final int EXIT_USAGE = 2;

    UserError(String message) {
        super(message);
    }
}
