package io.gcstream.ot.channel;

import java.io.IOException;

/** The peer closed the connection (or it broke) while this side still expected data. */
public class PeerClosedException extends IOException {
    private static final long serialVersionUID = 1L;

    public PeerClosedException(String message) {
        super(message);
    }

    PeerClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
