package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
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
        PeerTrustManager tm = new PeerTrustManager(ANY, cert(TlsFixtures.ALICE).getPublicKey(), null, List.of(), false);
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkClientTrusted(new X509Certificate[] {weak}, "RSA", (Socket) null));
        assertEquals("the peer's certificate " + PeerPin.describe(weak) + " has an RSA key of 1024 bits (at least"
                + " 2048 are needed)", e.getMessage());
    }

    /** The JDK's PKIX check against a truststore of {@code trusted}. */
    private static X509ExtendedTrustManager pkix(X509Certificate... trusted) throws Exception {
        TrustManagerFactory f = TrustManagerFactory.getInstance("PKIX");
        f.init(TlsKeys.truststore(List.of(trusted)));
        for (TrustManager t : f.getTrustManagers()) {
            if (t instanceof X509ExtendedTrustManager x) {
                return x;
            }
        }
        throw new IllegalStateException("no PKIX trust manager");
    }

    /**
     * Issue 34, finding 5: the key policy holds for the whole chain the peer presents, not its
     * own certificate alone. An RSA-1024 intermediate under a trusted authority passed the
     * JDK's check (which refuses RSA only under 1024 bits) and ours.
     */
    @Test
    void everyKeyOfThePeersChainMustMeetTheKeyPolicy() throws Exception {
        KeyPair rootKey = TlsFixtures.keyPair("EC", 256);
        KeyPair weakKey = TlsFixtures.keyPair("RSA", 1024);
        KeyPair leafKey = TlsFixtures.keyPair("EC", 256);
        X509Certificate root = TlsFixtures.authority("root", rootKey);
        X509Certificate intermediate = TlsFixtures.issued("intermediate", weakKey.getPublic(), root,
                rootKey.getPrivate(), true);
        X509Certificate leaf = TlsFixtures.issued("bob", leafKey.getPublic(), intermediate, weakKey.getPrivate(), false);
        X509Certificate[] chain = {leaf, intermediate};
        X509ExtendedTrustManager pkix = pkix(root);
        pkix.checkClientTrusted(chain, "EC");
        PeerTrustManager tm = new PeerTrustManager(pkix, cert(TlsFixtures.ALICE).getPublicKey(), null, List.of(root),
                false);
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class, () -> tm.checkClientTrusted(chain, "EC"));
        assertEquals("the certificate " + PeerPin.describe(intermediate) + " in the peer's chain has an RSA key of 1024"
                + " bits (at least 2048 are needed)", e.getMessage());
        // The same chain with a strong intermediate passes.
        KeyPair strongKey = TlsFixtures.keyPair("EC", 256);
        X509Certificate strong = TlsFixtures.issued("intermediate", strongKey.getPublic(), root, rootKey.getPrivate(),
                true);
        tm.checkClientTrusted(new X509Certificate[] {TlsFixtures.issued("bob", leafKey.getPublic(), strong,
                strongKey.getPrivate(), false), strong}, "EC");
    }

    /**
     * Issue 34, finding 5: with a version 1 certificate in the truststore (what {@code openssl x509
     * -req -signkey} makes, which the JDK accepts as an issuer), whoever holds its key could make a
     * certificate with the pinned subject, and it was accepted. A subject pin now needs the
     * certificate itself in the truststore, unless the authorities are trusted to vouch for it.
     */
    @Test
    void aSubjectPinNeedsTheCertificateItselfUnlessAuthoritiesVouch() throws Exception {
        KeyPair carolKey = TlsFixtures.keyPair("EC", 256);
        X509Certificate carol = TlsFixtures.versionOne("carol", carolKey);
        assertTrue(TlsKeys.isAuthority(carol));
        assertFalse(TlsKeys.isAuthority(cert(TlsFixtures.BOB)));
        X509Certificate bob = cert(TlsFixtures.BOB);
        X509Certificate forged = TlsFixtures.issued("bob", TlsFixtures.keyPair("EC", 256).getPublic(), carol,
                carolKey.getPrivate(), false);
        X509ExtendedTrustManager pkix = pkix(bob, carol);
        pkix.checkClientTrusted(new X509Certificate[] {forged}, "EC");
        PeerPin pin = PeerPin.parse("CN=bob");
        PeerTrustManager tm = new PeerTrustManager(pkix, cert(TlsFixtures.ALICE).getPublicKey(), pin,
                List.of(bob, carol), false);
        tm.checkClientTrusted(new X509Certificate[] {bob}, "EC");
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkClientTrusted(new X509Certificate[] {forged, carol}, "EC"));
        assertEquals("the peer's certificate " + PeerPin.describe(forged) + " has the expected subject CN=bob but is"
                + " not in the truststore, and an authority there vouching for a subject is not allowed"
                + " (--tls-trust-authority); name the peer by its fingerprint", e.getMessage());
        new PeerTrustManager(pkix, cert(TlsFixtures.ALICE).getPublicKey(), pin, List.of(bob, carol), true)
                .checkClientTrusted(new X509Certificate[] {forged, carol}, "EC");
        // A fingerprint pin names the one certificate.
        PeerTrustManager byFingerprint = new PeerTrustManager(pkix, cert(TlsFixtures.ALICE).getPublicKey(),
                PeerPin.parse(TlsKeys.fingerprint(bob)), List.of(bob, carol), true);
        assertThrows(PeerTrustManager.Refused.class,
                () -> byFingerprint.checkClientTrusted(new X509Certificate[] {forged, carol}, "EC"));
    }

    @Test
    void thisSidesOwnKeyAndAnotherThanTheExpectedPeerAreRefused() throws Exception {
        X509Certificate alice = cert(TlsFixtures.ALICE);
        X509Certificate bob = cert(TlsFixtures.BOB);
        PeerTrustManager tm = new PeerTrustManager(ANY, alice.getPublicKey(), PeerPin.parse("CN=bob"), List.of(bob), false);
        tm.checkServerTrusted(new X509Certificate[] {bob}, "EC", (Socket) null);
        assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkServerTrusted(new X509Certificate[] {alice}, "EC", (Socket) null));
        PeerTrustManager.Refused e = assertThrows(PeerTrustManager.Refused.class,
                () -> tm.checkServerTrusted(new X509Certificate[] {cert(TlsFixtures.MALLORY)}, "EC", (SSLEngine) null));
        assertEquals("the peer's certificate " + PeerPin.describe(cert(TlsFixtures.MALLORY))
                + " is trusted but not the expected peer, subject CN=bob", e.getMessage());
    }
}
