package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsKeysTest {
    /** keytool's keys (docs/security.md) are what TlsConfig expects: EC, self-signed, both TLS roles. */
    @Test
    void keytoolMakesAnEcKeyWithASelfSignedCertificateForBothTlsRoles() throws Exception {
        KeyStore ks = TlsFixtures.ALICE;
        assertEquals(List.of("alice"), Collections.list(ks.aliases()));
        X509Certificate c = TlsKeys.certificate(ks);
        assertEquals("CN=alice", c.getSubjectX500Principal().getName());
        c.verify(c.getPublicKey());
        assertEquals("EC", c.getPublicKey().getAlgorithm());
        assertEquals(-1, c.getBasicConstraints());
        assertTrue(c.getKeyUsage()[0], "digitalSignature");
        assertTrue(c.getExtendedKeyUsage().containsAll(
                List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")), "serverAuth and clientAuth");
    }

    @Test
    void pemAndKeyStoreFilesRoundTripAndAreNeverOverwritten(@TempDir Path dir) throws Exception {
        X509Certificate c = TlsKeys.certificate(TlsFixtures.BOB);
        Path pem = dir.resolve("bob.crt");
        TlsKeys.writePem(c, pem);
        assertTrue(Files.readString(pem).startsWith("-----BEGIN CERTIFICATE-----\n"));
        assertEquals(c, TlsKeys.readCertificate(pem));
        assertThrows(FileAlreadyExistsException.class, () -> TlsKeys.writePem(c, pem));
        Path der = dir.resolve("bob.der");
        Files.write(der, c.getEncoded());
        assertEquals(c, TlsKeys.readCertificate(der));

        Path p12 = dir.resolve("bob.p12");
        TlsKeys.save(TlsFixtures.BOB, p12, TlsFixtures.PASSWORD);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p12)));
        assertThrows(FileAlreadyExistsException.class,
                () -> TlsKeys.save(TlsFixtures.BOB, p12, TlsFixtures.PASSWORD));
        KeyStore back = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(p12)) {
            back.load(in, TlsFixtures.PASSWORD);
        }
        assertEquals(c, TlsKeys.certificate(back));
        try (var left = Files.list(dir)) {
            assertEquals(List.of("bob.crt", "bob.der", "bob.p12"), left.map(f -> f.getFileName().toString()).sorted()
                    .toList(), "no temporary file is left beside the store");
        }
    }

    /** A store that cannot be written leaves neither the file nor its temporary behind. */
    @Test
    void aStoreThatFailsToWriteLeavesNothing(@TempDir Path dir) throws Exception {
        KeyStore unloaded = KeyStore.getInstance("PKCS12");
        Path p12 = dir.resolve("never.p12");
        java.io.IOException e = assertThrows(java.io.IOException.class,
                () -> TlsKeys.save(unloaded, p12, TlsFixtures.PASSWORD));
        assertTrue(e.getMessage().startsWith("cannot write " + p12 + ": "), e.getMessage());
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }

    @Test
    void readCertificateRejectsGarbageAndHugeFiles(@TempDir Path dir) throws Exception {
        Path junk = dir.resolve("junk.crt");
        Files.writeString(junk, "not a certificate\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TlsKeys.readCertificate(junk));
        assertEquals(junk + ": not an X.509 certificate (PEM or DER)", e.getMessage());
        Path huge = dir.resolve("huge.crt");
        Files.write(huge, new byte[(int) TlsKeys.MAX_CERTIFICATE_FILE + 1]);
        e = assertThrows(IllegalArgumentException.class, () -> TlsKeys.readCertificate(huge));
        assertTrue(e.getMessage().contains("too large for a certificate"), e.getMessage());
    }

    @Test
    void truststoreHoldsEachCertificateUnderItsOwnAlias() throws Exception {
        X509Certificate a = TlsKeys.certificate(TlsFixtures.ALICE);
        KeyStore t = TlsKeys.truststore(List.of(a, a, TlsKeys.certificate(TlsFixtures.BOB)));
        assertEquals(List.of("alice", "alice-2", "bob"),
                Collections.list(t.aliases()).stream().sorted().toList());
        assertTrue(t.isCertificateEntry("bob"));
        assertThrows(IllegalArgumentException.class, () -> TlsKeys.truststore(List.of()));
    }

    @Test
    void fingerprintIsSha256InColonHex() {
        String f = TlsKeys.fingerprint(TlsKeys.certificate(TlsFixtures.ALICE));
        assertTrue(f.matches("([0-9A-F]{2}:){31}[0-9A-F]{2}"), f);
    }
}
