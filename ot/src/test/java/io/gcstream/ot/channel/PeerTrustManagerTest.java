package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.Socket;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.Test;

/**
 * Our checks after the JDK's PKIX check (here one that trusts everything, to reach them with
 * certificates no truststore would load): this side's own key, a weak key, the expected peer.
 */
class PeerTrustManagerTest {
    /** A PKIX stand-in that accepts every chain. */
    private static final X509ExtendedTrustManager ANY = new X509ExtendedTrustManager() {
        @Override
        public void checkClientTrusted(X509Certificate[] c, String a, Socket s) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] c, String a, Socket s) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] c, String a, SSLEngine e) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] c, String a, SSLEngine e) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] c, String a) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] c, String a) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    };

    private static X509Certificate cert(KeyStore k) {
        return TlsKeys.certificate(k);
    }

    @Test
    void aPeerWithAWeakKeyIsRefusedInTheHandshake() throws Exception {
        X509Certificate weak = cert(TlsFixtures.selfSigned("weak", "RSA", 1024, "SHA256withRSA"));
        PeerTrustManager tm = new PeerTrustManager(ANY, cert(TlsFixtures.ALICE).getPublicKey(), null);
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkClientTrusted(new X509Certificate[] {weak}, "RSA", (Socket) null));
        assertEquals("the peer's certificate " + PeerPin.describe(weak) + " has an RSA key of 1024 bits (at least"
                + " 2048 are needed)", e.getMessage());
    }

    @Test
    void thisSidesOwnKeyAndAnotherThanTheExpectedPeerAreRefused() throws Exception {
        X509Certificate alice = cert(TlsFixtures.ALICE);
        X509Certificate bob = cert(TlsFixtures.BOB);
        PeerTrustManager tm = new PeerTrustManager(ANY, alice.getPublicKey(), PeerPin.parse("CN=bob"));
        tm.checkServerTrusted(new X509Certificate[] {bob}, "EC", (Socket) null);
        assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkServerTrusted(new X509Certificate[] {alice}, "EC", (Socket) null));
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkServerTrusted(new X509Certificate[] {cert(TlsFixtures.MALLORY)}, "EC", (SSLEngine) null));
        assertEquals("the peer's certificate " + PeerPin.describe(cert(TlsFixtures.MALLORY))
                + " is trusted but not the expected peer, subject CN=bob", e.getMessage());
    }
}
