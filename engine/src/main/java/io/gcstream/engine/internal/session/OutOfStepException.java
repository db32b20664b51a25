package io.gcstream.engine.internal.session;

import io.gcstream.engine.SessionException;

/**
 * The peer sent something other than what the protocol expects at this point: the two sides
 * are out of step and the session cannot continue. Internal.
 */
public final class OutOfStepException extends SessionException {
    private static final long serialVersionUID = 1L;

    OutOfStepException(String message) {
        super(message);
    }
}
