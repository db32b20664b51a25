package io.gcstream.ot.channel;

import java.io.IOException;

/**
 * A TLS connection could not be set up: the peer's certificate is not trusted, the peer did not
 * accept this side's certificate, the peer does not speak TLS 1.3, or it did not answer in
 * time. The message is one line naming the peer and the reason, e.g. {@code TLS handshake with
 * 127.0.0.1:7766 failed: the peer's certificate is not trusted}. Thrown by {@link Transport}
 * only, which is why it has no public constructor.
 */
public class TlsHandshakeException extends IOException {
    private static final long serialVersionUID = 1L;

    TlsHandshakeException(String message) {
        super(message);
    }

    TlsHandshakeException(String message, Throwable cause) {
        super(message, cause);
    }
}
