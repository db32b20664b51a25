package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.TlsKeys;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class CertificatesTest {
    private static final char[] PASSWORD = "test-password".toCharArray();

    @Test
    void generatesAnEcKeyWithASelfSignedCertificateForBothTlsRoles() throws Exception {
        KeyStore ks = Certificates.generate("alice", Certificates.DEFAULT_VALIDITY, PASSWORD);
        assertEquals(List.of("alice"), Collections.list(ks.aliases()));
        X509Certificate c = TlsKeys.certificate(ks);
        assertEquals("CN=alice", c.getSubjectX500Principal().getName());
        assertEquals(c.getSubjectX500Principal(), c.getIssuerX500Principal());
        c.verify(c.getPublicKey());
        assertEquals("EC", c.getPublicKey().getAlgorithm());
        assertEquals("SHA256withECDSA", c.getSigAlgName());
        assertEquals(-1, c.getBasicConstraints());
        assertTrue(c.getKeyUsage()[0], "digitalSignature");
        assertTrue(c.getExtendedKeyUsage().containsAll(
                List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2")), "serverAuth and clientAuth");
        c.checkValidity();
        long days = Duration.between(c.getNotBefore().toInstant(), c.getNotAfter().toInstant()).toDays();
        assertTrue(days >= 730 && days <= 731, days + " days");
        assertEquals("EC", ks.getKey("alice", PASSWORD).getAlgorithm());
    }

    @Test
    void rejectsBadNamesAndValidities() {
        for (String bad : new String[] {"", "-x", "a b", "a/b", "x".repeat(65), "é"}) {
            assertThrows(IllegalArgumentException.class,
                    () -> Certificates.generate(bad, Certificates.DEFAULT_VALIDITY, PASSWORD), bad);
        }
        assertThrows(IllegalArgumentException.class,
                () -> Certificates.generate("a", Duration.ofHours(1), PASSWORD));
        assertThrows(IllegalArgumentException.class,
                () -> Certificates.generate("a", Duration.ofDays(40_000), PASSWORD));
    }
}
