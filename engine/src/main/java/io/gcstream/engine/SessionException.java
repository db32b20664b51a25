package io.gcstream.engine;

/**
 * A two-party session failed: the peer disconnected or stalled, sent something that does not
 * follow the protocol, or reported a failure of its own, or the session could not go on for a
 * local reason met during a run (the circuit file became unreadable). The message names the
 * role, the phase and the peer; the cause, if any, is the underlying {@code IOException}.
 * After this exception the session (and its channel, which the session closes so that the peer
 * fails promptly too) cannot be used again, except after a {@link HandshakeMismatchException}.
 *
 * <p>Unchecked: a caller cannot repair a session that failed, only report it or start another
 * (docs/api.md, "Errors").
 */
public class SessionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SessionException(String message) {
        super(message);
    }

    public SessionException(String message, Throwable cause) {
        super(message, cause);
    }
}
