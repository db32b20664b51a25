package io.gcstream.engine;

/**
 * The two parties do not agree on what to run: same role on both sides, different protocol
 * version, garbling scheme, circuit or input/output sizes. Both parties detect it and throw it,
 * each describing both views ("peer uses circuit 3fa2… but this side has 9c01…"). A mismatch of
 * a run's circuit leaves the session usable for another run; a mismatch of the session
 * handshake (role, version, scheme) does not.
 */
public class HandshakeMismatchException extends SessionException {
    private static final long serialVersionUID = 1L;

    public HandshakeMismatchException(String message) {
        super(message);
    }
}
