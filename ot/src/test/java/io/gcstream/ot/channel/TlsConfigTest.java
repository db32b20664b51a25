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
}
