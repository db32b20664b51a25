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

    private final boolean notAPeer;

    HandshakeMismatchException(String message) {
        this(message, false);
    }

    /**
     * @param notAPeer the other end did not speak the protocol at all (its first bytes were not
     *     a gcstream hello): see {@link #isNotAPeer()}
     */
    public HandshakeMismatchException(String message, boolean notAPeer) {
        super(message);
        this.notAPeer = notAPeer;
    }

    /**
     * True if the other end is not a gcstream party at all (a port scanner, a health check, a
     * client of another service, a TLS client at a plain listener): a listener may keep waiting
     * for its real peer instead of giving up.
     */
    public boolean isNotAPeer() {
        return notAPeer;
    }
}
