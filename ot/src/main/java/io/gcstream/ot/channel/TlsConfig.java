package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * What a party needs for TLS 1.3 with mutual authentication: its own key and certificate (a
 * PKCS#12 keystore holding exactly one private key) and the certificates it trusts (a PKCS#12
 * truststore; in the usual two-party setup exactly the peer's self-signed certificate, made with
 * {@link TlsKeys}). A peer is accepted if and only if its certificate chains to the truststore;
 * host names are not checked, the truststore <em>is</em> the peer's identity.
 *
 * <p>Immutable and validated when built: both stores open with the password, the keystore holds
 * one key, the truststore holds certificates and no key, and every certificate is within its
 * validity period now. The password is used while building and not kept: the caller may wipe
 * its array afterwards. Use it through {@link Transport#tls(TlsConfig)}:
 * <pre>{@code
 * TlsConfig tls = TlsConfig.load(Path.of("creator.p12"), Path.of("truststore.p12"), password);
 * Transport t = Transport.tls(tls);
 * try (TcpChannel ch = t.accept(new InetSocketAddress("0.0.0.0", 7766), ChannelOptions.defaults())) {
 *     // ... run the protocol over ch
 * }
 * }</pre>
 *
 * <p>Connections use TLS 1.3 only, with the cipher suites {@link #CIPHER_SUITES} (all of TLS
 * 1.3's AEAD suites in JSSE, strongest first), and the listener requires a client certificate.
 */
public final class TlsConfig {
    /** The only protocol version offered or accepted. */
    public static final String PROTOCOL = "TLSv1.3";
    /** Cipher suites offered, in order of preference. */
    public static final List<String> CIPHER_SUITES = List.of(
            "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_128_GCM_SHA256");

    private final String source;
    private final X509Certificate certificate;
    private final List<X509Certificate> trusted;
    private final SSLContext context;
    private final String[] suites;

    private TlsConfig(String source, X509Certificate certificate, List<X509Certificate> trusted,
            SSLContext context, String[] suites) {
        this.source = source;
        this.certificate = certificate;
        this.trusted = trusted;
        this.context = context;
        this.suites = suites;
    }

    /**
     * Loads a PKCS#12 keystore and truststore that share one password.
     *
     * @throws java.nio.file.NoSuchFileException if a file is missing
     * @throws IllegalArgumentException if a store does not open with the password or does not
     *     hold what it must; the message names the file
     */
    public static TlsConfig load(Path keystore, Path truststore, char[] password)
            throws IOException {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(truststore, "truststore");
        Objects.requireNonNull(password, "password");
        KeyStore keys = read(keystore, "keystore", password);
        KeyStore trust = read(truststore, "truststore", password);
        return build("keystore " + keystore, keys, "truststore " + truststore, trust, password,
                keystore + " + " + truststore);
    }

    /**
     * Builds a configuration from key stores already in memory (e.g. from
     * {@link TlsKeys#generate}); {@code password} is the key's password.
     *
     * @throws IllegalArgumentException if a store does not hold what it must
     */
    public static TlsConfig of(KeyStore keystore, KeyStore truststore, char[] password) {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(truststore, "truststore");
        Objects.requireNonNull(password, "password");
        return build("keystore", keystore, "truststore", truststore, password, "in-memory stores");
    }

    /** This party's certificate (the one the peer must trust). */
    public X509Certificate certificate() {
        return certificate;
    }

    /** This party's name: the subject of its certificate, e.g. {@code CN=creator}. */
    public String identity() {
        return certificate.getSubjectX500Principal().getName();
    }

    /** The trusted certificates. */
    public List<X509Certificate> trusted() {
        return trusted;
    }

    @Override
    public String toString() {
        List<String> names = new ArrayList<>();
        for (X509Certificate c : trusted) {
            names.add(c.getSubjectX500Principal().getName());
        }
        return "TlsConfig{" + source + ", identity " + identity() + ", trusts " + names + "}";
    }

    /**
     * Layers a TLS socket over a connected TCP socket, configured as this class says; the
     * handshake is left to the caller. Closing the TLS socket closes {@code raw}.
     */
    SSLSocket layer(Socket raw, boolean client) throws IOException {
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(raw,
                raw.getInetAddress().getHostAddress(), raw.getPort(), true);
        s.setUseClientMode(client);
        SSLParameters p = s.getSSLParameters();
        p.setProtocols(new String[] {PROTOCOL});
        p.setCipherSuites(suites.clone());
        if (!client) {
            p.setNeedClientAuth(true);
        }
        s.setSSLParameters(p);
        return s;
    }

    // ---------------------------------------------------------------- building

    private static KeyStore read(Path file, String what, char[] password) throws IOException {
        KeyStore ks;
        try {
            ks = KeyStore.getInstance("PKCS12");
        } catch (KeyStoreException e) {
            throw new IllegalStateException("PKCS#12 key stores are not available", e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, password);
        } catch (IOException e) {
            if (e instanceof java.nio.file.NoSuchFileException || e instanceof java.nio.file.AccessDeniedException) {
                throw e;
            }
            throw new IllegalArgumentException(what + " " + file
                    + ": wrong password, or not a PKCS#12 file", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(what + " " + file + ": cannot be read: "
                    + e.getMessage(), e);
        }
        return ks;
    }

    private static TlsConfig build(String keyName, KeyStore keys, String trustName,
            KeyStore trust, char[] password, String source) {
        try {
            X509Certificate own = ownCertificate(keyName, keys, password);
            List<X509Certificate> trusted = trustedCertificates(trustName, trust);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("PKIX");
            kmf.init(keys, password);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            List<String> supported =
                    Arrays.asList(context.getSupportedSSLParameters().getCipherSuites());
            List<String> suites = new ArrayList<>();
            for (String s : CIPHER_SUITES) {
                if (supported.contains(s)) {
                    suites.add(s);
                }
            }
            if (suites.isEmpty()) {
                throw new IllegalStateException("this JVM supports none of " + CIPHER_SUITES);
            }
            return new TlsConfig(source, own, Collections.unmodifiableList(trusted), context,
                    suites.toArray(new String[0]));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot set up TLS from " + source + ": "
                    + e.getMessage(), e);
        }
    }

    private static X509Certificate ownCertificate(String name, KeyStore keys, char[] password)
            throws GeneralSecurityException {
        List<String> keyAliases = new ArrayList<>();
        for (String alias : Collections.list(keys.aliases())) {
            if (keys.isKeyEntry(alias)) {
                keyAliases.add(alias);
            }
        }
        if (keyAliases.isEmpty()) {
            throw new IllegalArgumentException(name + " holds no private key (is it a truststore?"
                    + " 'gc keygen --name NAME' makes a keystore)");
        }
        if (keyAliases.size() > 1) {
            throw new IllegalArgumentException(name + " holds " + keyAliases.size()
                    + " private keys " + keyAliases + "; it must hold exactly one");
        }
        String alias = keyAliases.get(0);
        try {
            if (keys.getKey(alias, password) == null) {
                throw new IllegalArgumentException(name + ": entry '" + alias + "' has no key");
            }
        } catch (UnrecoverableKeyException e) {
            throw new IllegalArgumentException(name + ": the key '" + alias
                    + "' does not open with the password", e);
        }
        Certificate[] chain = keys.getCertificateChain(alias);
        if (chain == null || chain.length == 0 || !(chain[0] instanceof X509Certificate)) {
            throw new IllegalArgumentException(name + ": the key '" + alias
                    + "' has no X.509 certificate");
        }
        X509Certificate c = (X509Certificate) chain[0];
        checkValidity(name, c);
        return c;
    }

    private static List<X509Certificate> trustedCertificates(String name, KeyStore trust)
            throws KeyStoreException {
        List<X509Certificate> out = new ArrayList<>();
        for (String alias : Collections.list(trust.aliases())) {
            if (trust.isKeyEntry(alias)) {
                throw new IllegalArgumentException(name + " holds a private key ('" + alias
                        + "'): is it a keystore? It must hold only the peer's certificate"
                        + " ('gc keygen --trust PEER.crt' makes one)");
            }
            Certificate c = trust.getCertificate(alias);
            if (c instanceof X509Certificate x) {
                checkValidity(name, x);
                out.add(x);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(name + " holds no certificate");
        }
        return out;
    }

    private static void checkValidity(String name, X509Certificate c) {
        String subject = c.getSubjectX500Principal().getName();
        try {
            c.checkValidity();
        } catch (CertificateExpiredException e) {
            throw new IllegalArgumentException(name + ": the certificate of " + subject
                    + " expired on " + c.getNotAfter().toInstant(), e);
        } catch (CertificateNotYetValidException e) {
            throw new IllegalArgumentException(name + ": the certificate of " + subject
                    + " is not valid before " + c.getNotBefore().toInstant(), e);
        }
    }
}
