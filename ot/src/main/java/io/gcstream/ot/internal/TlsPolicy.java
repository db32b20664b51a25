package io.gcstream.ot.internal;

import java.util.List;

/**
 * The TLS versions and cipher suites gcstream offers and accepts, in one place: peer connections
 * ({@code TlsConfig}) and the Spark module's connections inside one party both use them.
 */
public final class TlsPolicy {
    /** The only protocol version offered or accepted. */
    public static final String PROTOCOL = "TLSv1.3";
    /** Cipher suites offered, in order of preference: TLS 1.3's AEAD suites in JSSE, strongest first. */
    public static final List<String> CIPHER_SUITES = List.of(
            "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_GCM_SHA256");
    /**
     * Connections that failed their set-up (a TLS handshake, a hello) after which a listener gives
     * up: {@code Transport}'s accept and the engine's {@code PeerListener} (their contracts say 10).
     */
    public static final int MAX_FAILED_HANDSHAKES = 10;

    private TlsPolicy() {
    }
}
