package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsConfigTest {
    @TempDir
    static Path dir;
    static Path aliceKeys;
    static Path aliceTrust;

    @BeforeAll
    static void files() throws Exception {
        aliceKeys = dir.resolve("alice.p12");
        aliceTrust = dir.resolve("alice-trust.p12");
        TlsKeys.save(TlsFixtures.ALICE, aliceKeys, TlsFixtures.PASSWORD);
        TlsKeys.save(TlsKeys.truststore(List.of(TlsKeys.certificate(TlsFixtures.BOB))), aliceTrust,
                TlsFixtures.PASSWORD);
    }

    @Test
    void loadsAKeystoreAndTruststore() throws Exception {
        char[] password = TlsFixtures.PASSWORD.clone();
        TlsConfig c = TlsConfig.load(aliceKeys, aliceTrust, password);
        assertEquals("CN=alice", c.identity());
        assertEquals(TlsKeys.certificate(TlsFixtures.ALICE), c.certificate());
        assertEquals(List.of(TlsKeys.certificate(TlsFixtures.BOB)), c.trusted());
        assertTrue(c.toString().contains("identity CN=alice, trusts [CN=bob]"), c.toString());
        assertFalse(c.toString().contains(new String(TlsFixtures.PASSWORD)));
        assertTrue(Transport.tls(c).isSecure());
        assertEquals(TlsConfig.CIPHER_SUITES.get(0), "TLS_AES_256_GCM_SHA384");
    }

    @Test
    void aWrongPasswordIsOneClearLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.load(aliceKeys, aliceTrust, "wrong".toCharArray()));
        assertEquals("keystore " + aliceKeys + ": wrong password, or not a PKCS#12 file", e.getMessage());
    }

    /**
     * Issue 34, finding 1: the JDK's PKCS#12 key stores take printable ASCII passwords only, so
     * another one is refused as such, not as a wrong password or with an exception of theirs.
     */
    @Test
    void aPasswordOtherThanPrintableAsciiIsRefusedAsSuch() {
        for (String pw : new String[] {"пароль", "\uFFFD\uFFFD", "tab\there"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> TlsConfig.load(aliceKeys, aliceTrust, pw.toCharArray()));
            assertEquals("the key stores' password holds a character other than printable ASCII, which the JDK's"
                    + " PKCS#12 key stores refuse", e.getMessage());
            assertThrows(IllegalArgumentException.class,
                    () -> TlsConfig.of(TlsFixtures.ALICE, TlsFixtures.truststore(TlsFixtures.BOB), pw.toCharArray()));
            Path target = dir.resolve("not-ascii.p12");
            e = assertThrows(IllegalArgumentException.class,
                    () -> TlsKeys.save(TlsFixtures.truststore(TlsFixtures.BOB), target, pw.toCharArray()));
            assertEquals("the key stores' password holds a character other than printable ASCII, which the JDK's"
                    + " PKCS#12 key stores refuse", e.getMessage());
            assertFalse(Files.exists(target));
        }
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        assertThrows(NoSuchFileException.class,
                () -> TlsConfig.load(dir.resolve("nope.p12"), aliceTrust, TlsFixtures.PASSWORD));
    }

    @Test
    void notAPkcs12File() throws Exception {
        Path junk = dir.resolve("junk.p12");
        Files.writeString(junk, "hello");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.load(aliceKeys, junk, TlsFixtures.PASSWORD));
        assertEquals("truststore " + junk + ": wrong password, or not a PKCS#12 file", e.getMessage());
    }

    @Test
    void swappedStoresAreRecognised() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.load(aliceTrust, aliceKeys, TlsFixtures.PASSWORD));
        assertTrue(e.getMessage().startsWith("keystore " + aliceTrust + " holds no private key"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.of(TlsFixtures.ALICE, TlsFixtures.BOB, TlsFixtures.PASSWORD));
        assertTrue(e.getMessage().startsWith("truststore holds a private key ('bob')"), e.getMessage());
    }

    @Test
    void aKeystoreWithTwoKeysIsAmbiguous() throws Exception {
        KeyStore two = KeyStore.getInstance("PKCS12");
        two.load(null, null);
        for (KeyStore k : new KeyStore[] {TlsFixtures.ALICE, TlsFixtures.BOB}) {
            String alias = k.aliases().nextElement();
            two.setKeyEntry(alias, k.getKey(alias, TlsFixtures.PASSWORD), TlsFixtures.PASSWORD,
                    new Certificate[] {k.getCertificate(alias)});
        }
        KeyStore trust = TlsKeys.truststore(List.of(TlsKeys.certificate(TlsFixtures.BOB)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.of(two, trust, TlsFixtures.PASSWORD));
        assertTrue(e.getMessage().startsWith("keystore holds 2 private keys"), e.getMessage());
    }

    @Test
    void anEmptyTruststoreTrustsNobody() throws Exception {
        KeyStore empty = KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.of(TlsFixtures.ALICE, empty, TlsFixtures.PASSWORD));
        assertEquals("truststore holds no certificate", e.getMessage());
    }

    /**
     * Keys TLS 1.3 cannot use at full strength are refused when the stores are loaded, in one
     * line naming the store: a DSA key (TLS 1.3 has no DSA signatures; it used to fail only in
     * the handshake, after a listener had waited its whole timeout) and RSA under 2048 bits, as
     * this party's key or in the truststore.
     */
    @Test
    void weakOrUnusableKeysAreRefusedWhenTheStoresAreLoaded() throws Exception {
        KeyStore rsa1024 = TlsFixtures.selfSigned("weak", "RSA", 1024, "SHA256withRSA");
        KeyStore dsa = TlsFixtures.selfSigned("old", "DSA", 2048, "SHA256withDSA");
        KeyStore bobTrust = TlsFixtures.truststore(TlsFixtures.BOB);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsConfig.of(rsa1024, bobTrust, TlsFixtures.PASSWORD));
        assertEquals("keystore: the key 'key' is an RSA key of 1024 bits (at least 2048 are needed)", e.getMessage());
        Path dsaFile = dir.resolve("dsa.p12");
        TlsKeys.save(dsa, dsaFile, TlsFixtures.PASSWORD);
        e = assertThrows(IllegalArgumentException.class, () -> TlsConfig.load(dsaFile, aliceTrust, TlsFixtures.PASSWORD));
        assertTrue(e.getMessage().startsWith("keystore " + dsaFile + ": the key 'key' is a DSA key, which TLS 1.3"
                + " cannot sign with"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TlsConfig.of(TlsFixtures.ALICE,
                TlsKeys.truststore(List.of(TlsKeys.certificate(rsa1024))), TlsFixtures.PASSWORD));
        assertEquals("truststore: the certificate of CN=weak has an RSA key of 1024 bits (at least 2048 are needed)",
                e.getMessage());
        // Keys of the other accepted kinds load.
        TlsConfig.of(TlsFixtures.selfSigned("rsa", "RSA", 2048, "SHA256withRSA"), bobTrust, TlsFixtures.PASSWORD);
        TlsConfig.of(TlsFixtures.selfSigned("ed", "Ed25519", 0, "Ed25519"), bobTrust, TlsFixtures.PASSWORD);
    }

    /** The expected peer: a fingerprint in any of its spellings, a subject or a bare name. */
    @Test
    void theExpectedPeerIsAFingerprintOrASubject() {
        TlsConfig c = TlsFixtures.trusting(TlsFixtures.ALICE, TlsFixtures.BOB, TlsFixtures.MALLORY);
        assertEquals(java.util.Optional.empty(), c.expectedPeer());
        String fp = TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.BOB));
        for (String spelling : List.of(fp, fp.toLowerCase(java.util.Locale.ROOT), fp.replace(":", ""),
                "SHA-256:" + fp, " sha256:" + fp.replace(":", "") + " ")) {
            assertEquals("SHA-256 " + fp, c.withPeer(spelling).expectedPeer().orElseThrow(), spelling);
        }
        assertEquals("subject CN=bob", c.withPeer("CN=bob").expectedPeer().orElseThrow());
        assertEquals("subject CN=bob", c.withPeer("bob").expectedPeer().orElseThrow());
        assertTrue(c.withPeer("bob").toString().endsWith("trusts [CN=bob, CN=mallory], expects subject CN=bob}"),
                c.withPeer("bob").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.withPeer("bob smith!"));
        assertEquals("the expected peer 'bob smith!' is neither a SHA-256 fingerprint (64 hex digits, as 'gc keygen'"
                + " prints it) nor a subject such as CN=evaluator", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.withPeer(fp.substring(3)));
        // A peer no certificate of the truststore could be is a mistake now, not a refusal later.
        e = assertThrows(IllegalArgumentException.class, () -> c.withPeer("carol"));
        assertEquals("the expected peer, subject CN=carol, matches no certificate in the truststore (it holds"
                + " [CN=bob, CN=mallory])", e.getMessage());
        String alices = TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.ALICE));
        assertThrows(IllegalArgumentException.class, () -> c.withPeer(alices));
    }

    /**
     * Issue 34, finding 5: a version 1 certificate counts as an authority (the JDK accepts it as
     * an issuer). A subject only an authority's certificate could carry is refused unless the
     * authorities may vouch for subjects, which needs an authority in the truststore.
     */
    @Test
    void aSubjectOnlyAnAuthorityCouldIssueNeedsTheAuthoritiesTrusted() throws Exception {
        java.security.cert.X509Certificate carol = TlsFixtures.versionOne("carol", TlsFixtures.keyPair("EC", 256));
        TlsConfig c = TlsConfig.of(TlsFixtures.ALICE, TlsKeys.truststore(List.of(carol)), TlsFixtures.PASSWORD);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.withPeer("CN=bob"));
        assertEquals("the expected peer, subject CN=bob, matches no certificate in the truststore (it holds"
                + " [CN=carol]); a certificate an authority there issued is accepted by subject only if you trust it"
                + " to (--tls-trust-authority)", e.getMessage());
        assertEquals("subject CN=carol", c.withPeer("carol").expectedPeer().orElseThrow());
        TlsConfig vouching = c.trustingAuthorities().withPeer("CN=bob");
        assertEquals("subject CN=bob", vouching.expectedPeer().orElseThrow());
        assertTrue(vouching.toString().endsWith("expects subject CN=bob, authorities vouch}"), vouching.toString());
        // A fingerprint of a certificate an authority may have issued is a possible peer.
        String bobs = TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.BOB));
        assertEquals("SHA-256 " + bobs, c.withPeer(bobs).expectedPeer().orElseThrow());
        // Without an authority there is nothing to trust.
        e = assertThrows(IllegalArgumentException.class,
                () -> TlsFixtures.trusting(TlsFixtures.ALICE, TlsFixtures.BOB).trustingAuthorities());
        assertEquals("the truststore holds no certificate authority to trust (it holds [CN=bob])", e.getMessage());
    }
}
