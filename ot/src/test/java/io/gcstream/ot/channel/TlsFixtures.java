package io.gcstream.ot.channel;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

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

    /** {@code me}'s configuration trusting all of {@code peers}' certificates. */
    static TlsConfig trusting(KeyStore me, KeyStore... peers) {
        return TlsConfig.of(me, truststore(peers), PASSWORD);
    }

    /** A truststore of {@code peers}' certificates. */
    static KeyStore truststore(KeyStore... peers) {
        return TlsKeys.truststore(java.util.Arrays.stream(peers).map(TlsKeys::certificate).toList());
    }

    /**
     * A keystore with one self-signed key of another kind than {@link TlsKeys#generate} makes:
     * {@code algorithm} ("RSA", "DSA", "Ed25519", "EC"), {@code size} its key size (0: the
     * default), the subject {@code CN=cn} (any characters), signed with {@code signature}.
     */
    static KeyStore selfSigned(String cn, String algorithm, int size, String signature) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm);
        if (size > 0) {
            g.initialize(size);
        }
        KeyPair kp = g.generateKeyPair();
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, cn).build();
        Instant now = Instant.now();
        X509Certificate cert = new JcaX509CertificateConverter().getCertificate(new JcaX509v3CertificateBuilder(
                subject, BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))), subject, kp.getPublic())
                .build(new JcaContentSignerBuilder(signature).build(kp.getPrivate())));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", kp.getPrivate(), PASSWORD, new Certificate[] {cert});
        return ks;
    }
}
