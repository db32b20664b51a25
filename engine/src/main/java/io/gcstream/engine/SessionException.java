package io.gcstream.engine;

import java.io.IOException;

/**
 * A two-party session failed: the peer disconnected or stalled, sent something that does not
 * follow the protocol, or reported a failure of its own. The message names the role, the
 * phase and the peer. After this exception the session (and its channel, which the session
 * closes so that the peer fails promptly too) cannot be used again, except after a
 * {@link HandshakeMismatchException}.
 */
public class SessionException extends IOException {
    private static final long serialVersionUID = 1L;

    public SessionException(String message) {
        super(message);
    }

    public SessionException(String message, Throwable cause) {
        super(message, cause);
    }
}
