package io.gcstream.ot.channel;

import java.security.KeyStore;
import java.util.List;

/**
 * Keys made once per test JVM by {@link TlsKeys}: parties "alice" and "bob", who trust each
 * other, and "mallory", whom nobody trusts.
 */
final class TlsFixtures {
    static final char[] PASSWORD = "test-password".toCharArray();
    static final KeyStore ALICE = TlsKeys.generate("alice", TlsKeys.DEFAULT_VALIDITY, PASSWORD);
    static final KeyStore BOB = TlsKeys.generate("bob", TlsKeys.DEFAULT_VALIDITY, PASSWORD);
    static final KeyStore MALLORY = TlsKeys.generate("mallory", TlsKeys.DEFAULT_VALIDITY, PASSWORD);

    private TlsFixtures() {
    }

    /** {@code me}'s configuration trusting exactly {@code peer}'s certificate. */
    static TlsConfig config(KeyStore me, KeyStore peer) {
        return TlsConfig.of(me, TlsKeys.truststore(List.of(TlsKeys.certificate(peer))), PASSWORD);
    }

    static Transport alice() {
        return Transport.tls(config(ALICE, BOB));
    }

    static Transport bob() {
        return Transport.tls(config(BOB, ALICE));
    }
}
