package io.gcstream.ot.channel;

import java.io.IOException;

/** The peer sent nothing for longer than the read timeout while this side waited for data. */
public class PeerTimeoutException extends IOException {
    private static final long serialVersionUID = 1L;

    public PeerTimeoutException(String message) {
        super(message);
    }

    PeerTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
