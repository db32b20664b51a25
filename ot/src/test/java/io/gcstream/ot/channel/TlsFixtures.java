package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v1CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Keys made once per test JVM by the JDK's {@code keytool}, the way docs/security.md tells a
 * library user without {@code gc keygen} to make them: parties "alice" and "bob", who trust each
 * other, and "mallory", whom nobody trusts.
 */
final class TlsFixtures {
    static final char[] PASSWORD = "test-password".toCharArray();
    static final KeyStore ALICE = generate("alice");
    static final KeyStore BOB = generate("bob");
    static final KeyStore MALLORY = generate("mallory");

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
     * A keystore with one self-signed key of another kind than {@link #generate} makes (built
     * with Bouncy Castle's PKIX module, a test dependency of this module only):
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

    /** A fresh key pair: "EC" on P-256, or "RSA" of {@code bits}. */
    static KeyPair keyPair(String algorithm, int bits) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm);
        g.initialize(bits);
        return g.generateKeyPair();
    }

    /**
     * A version 1 certificate for {@code CN=cn}, self-signed with {@code kp} (no extensions: what
     * {@code openssl x509 -req -signkey} makes).
     */
    static X509Certificate versionOne(String cn, KeyPair kp) throws Exception {
        X500Name name = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, cn).build();
        Instant now = Instant.now();
        return new JcaX509CertificateConverter().getCertificate(new JcaX509v1CertificateBuilder(name,
                BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))), name, kp.getPublic())
                .build(new JcaContentSignerBuilder(signature(kp.getPrivate())).build(kp.getPrivate())));
    }

    /**
     * A version 3 certificate for {@code CN=cn} and {@code key}, issued by {@code issuer} (signed
     * with {@code issuerKey}); a certificate authority if {@code ca}, else an end entity.
     */
    static X509Certificate issued(String cn, PublicKey key, X509Certificate issuer, PrivateKey issuerKey, boolean ca)
            throws Exception {
        X500Name name = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, cn).build();
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(System.nanoTime()),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(1))),
                new javax.security.auth.x500.X500Principal(name.getEncoded()), key);
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder(signature(issuerKey)).build(issuerKey)));
    }

    /** A self-signed version 3 certificate authority for {@code CN=cn}. */
    static X509Certificate authority(String cn, KeyPair kp) throws Exception {
        X500Name name = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.CN, cn).build();
        Instant now = Instant.now();
        return new JcaX509CertificateConverter().getCertificate(new JcaX509v3CertificateBuilder(name,
                BigInteger.valueOf(System.nanoTime()), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(1))), name, kp.getPublic())
                .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                .build(new JcaContentSignerBuilder(signature(kp.getPrivate())).build(kp.getPrivate())));
    }

    private static String signature(PrivateKey k) {
        return k.getAlgorithm().equals("RSA") ? "SHA256withRSA" : "SHA256withECDSA";
    }

    /** A keystore holding {@code key} with {@code chain} (its own certificate first). */
    static KeyStore keystore(PrivateKey key, X509Certificate... chain) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", key, PASSWORD, chain);
        return ks;
    }

    /**
     * A P-256 key pair with a self-signed certificate for {@code CN=name}, for both TLS roles,
     * valid two years, in a PKCS#12 store protected by {@link #PASSWORD}.
     */
    static KeyStore generate(String name) {
        try {
            Path dir = Files.createTempDirectory("gcstream-keys");
            Path file = dir.resolve(name + ".p12");
            String pw = new String(PASSWORD);
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", name, "-dname", "CN=" + name, "-keyalg", "EC", "-groupname", "secp256r1",
                    "-sigalg", "SHA256withECDSA", "-validity", "730", "-ext", "BasicConstraints:critical=ca:false",
                    "-ext", "KeyUsage:critical=digitalSignature", "-ext", "ExtendedKeyUsage=serverAuth,clientAuth",
                    "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", pw, "-keypass", pw)
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool failed for " + name + ": " + out);
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(file)) {
                ks.load(in, PASSWORD);
            }
            Files.delete(file);
            Files.delete(dir);
            return ks;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot make test keys for " + name, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
