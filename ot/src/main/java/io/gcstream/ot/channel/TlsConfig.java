package io.gcstream.ot.channel;

import io.gcstream.ot.internal.TlsPolicy;
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
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * What a party needs for TLS 1.3 with mutual authentication: its own key and certificate (a
 * PKCS#12 keystore holding exactly one private key) and the certificates it trusts (a PKCS#12
 * truststore; in the usual two-party setup exactly the peer's self-signed certificate, from
 * {@code gc keygen} or {@code keytool}). A peer is accepted if its certificate chains to the
 * truststore, its key is not this side's own, every key of its chain is of a kind accepted
 * below, and, if this side names the one peer it expects ({@link #withPeer}), its certificate is
 * that one. Host names are not checked: the truststore, narrowed by the expected peer,
 * <em>is</em> the peer's identity.
 *
 * <p>Immutable and validated when built: both stores open with the password, the keystore holds
 * one key, the truststore holds certificates and no key, every certificate is within its
 * validity period now, and every key is one TLS 1.3 can use at full strength (ECDSA on P-256,
 * P-384 or P-521, RSA of at least 2048 bits, Ed25519 or Ed448): a DSA key or RSA-1024 is refused
 * here, in one line naming the file, not in the first handshake. The password is used while
 * building and not kept: the caller may wipe its array afterwards. Use it through
 * {@link Transport#tls(TlsConfig)}:
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
    static final String PROTOCOL = TlsPolicy.PROTOCOL;
    /** Cipher suites offered, in order of preference. */
    static final List<String> CIPHER_SUITES = TlsPolicy.CIPHER_SUITES;

    private final String source;
    /** "truststore FILE", or "truststore" for one in memory: for messages. */
    private final String trustName;
    private final X509Certificate certificate;
    private final List<X509Certificate> trusted;
    private final KeyManager[] keyManagers;
    private final X509ExtendedTrustManager pkix;
    /** The one peer accepted, or null for any the truststore trusts. */
    private final PeerPin peer;
    /** Whether the truststore's authorities may vouch for a peer named by subject ({@link #trustingAuthorities}). */
    private final boolean authoritiesVouch;
    private final SSLContext context;
    private final String[] suites;

    private TlsConfig(String source, String trustName, X509Certificate certificate,
            List<X509Certificate> trusted, KeyManager[] keyManagers, X509ExtendedTrustManager pkix,
            PeerPin peer, boolean authoritiesVouch) {
        this.source = source;
        this.trustName = trustName;
        this.certificate = certificate;
        this.trusted = trusted;
        this.keyManagers = keyManagers;
        this.pkix = pkix;
        this.peer = peer;
        this.authoritiesVouch = authoritiesVouch;
        try {
            this.context = SSLContext.getInstance(PROTOCOL);
            context.init(keyManagers, new TrustManager[] {
                new PeerTrustManager(pkix, certificate.getPublicKey(), peer, trusted, authoritiesVouch)}, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up TLS 1.3: " + e.getMessage(), e);
        }
        List<String> supported = Arrays.asList(context.getSupportedSSLParameters().getCipherSuites());
        List<String> offered = new ArrayList<>();
        for (String suite : CIPHER_SUITES) {
            if (supported.contains(suite)) {
                offered.add(suite);
            }
        }
        if (offered.isEmpty()) {
            throw new IllegalStateException("this JVM supports none of " + CIPHER_SUITES);
        }
        this.suites = offered.toArray(new String[0]);
    }

    /**
     * Loads a PKCS#12 keystore and truststore that share one password.
     *
     * @throws java.nio.file.NoSuchFileException if a file is missing
     * @throws IllegalArgumentException if a store does not open with the password or does not
     *     hold what it must (the message names the file), or if the password holds a character
     *     other than printable ASCII
     */
    public static TlsConfig load(Path keystore, Path truststore, char[] password)
            throws IOException {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(truststore, "truststore");
        Objects.requireNonNull(password, "password");
        TlsKeys.checkPassword(password);
        KeyStore keys = read(keystore, "keystore", password);
        KeyStore trust = read(truststore, "truststore", password);
        return build("keystore " + keystore, keys, "truststore " + truststore, trust, password,
                keystore + " + " + truststore);
    }

    /**
     * Builds a configuration from key stores already in memory (e.g. from
     * {@link TlsKeys#truststore}); {@code password} is the key's password.
     *
     * @throws IllegalArgumentException if a store does not hold what it must, or if the password
     *     holds a character other than printable ASCII
     */
    public static TlsConfig of(KeyStore keystore, KeyStore truststore, char[] password) {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(truststore, "truststore");
        Objects.requireNonNull(password, "password");
        TlsKeys.checkPassword(password);
        return build("keystore", keystore, "truststore", truststore, password, "in-memory stores");
    }

    /** This party's certificate (the one the peer must trust). */
    X509Certificate certificate() {
        return certificate;
    }

    /**
     * This party's name: the subject of its certificate, e.g. {@code CN=creator} (characters
     * outside printable ASCII written as RFC 4514 escapes).
     */
    public String identity() {
        return Printable.subject(certificate);
    }

    /** The trusted certificates. */
    public List<X509Certificate> trusted() {
        return trusted;
    }

    /**
     * This configuration, accepting only the peer named by {@code peer}: the SHA-256
     * fingerprint of its certificate as {@link TlsKeys#fingerprint} writes it (64 hex digits,
     * colons and a {@code SHA-256:} prefix optional, any case), or its certificate's subject
     * ({@code CN=evaluator}; a bare name such as {@code evaluator} means {@code CN=evaluator}; a
     * value of 64 hex digits is a fingerprint). Any other certificate, even one the truststore
     * trusts (another peer's, or one an authority in it signed), then fails the TLS handshake on
     * both sides, and this side's error names the certificate it got and the one it expected. A
     * fingerprint names one certificate. A subject names a certificate with that subject that the
     * truststore holds, or, only if {@link #trustingAuthorities} allows it, one an authority in the
     * truststore issued: an authority can issue any subject, and a version 1 certificate (what
     * {@code openssl x509 -req -signkey} makes) is one to the JDK ({@link TlsKeys#isAuthority}).
     * Without this, any certificate the truststore trusts is accepted, which in the usual setup (a
     * truststore holding only the peer's self-signed certificate) is the peer alone.
     *
     * @throws IllegalArgumentException if {@code peer} is neither a fingerprint nor a subject,
     *     or if no certificate could match it: none in the truststore does, and no authority in
     *     it may issue one
     */
    public TlsConfig withPeer(String peer) {
        PeerPin pin = PeerPin.parse(peer);
        if (!pin.satisfiableBy(trusted, authoritiesVouch)) {
            boolean authority = trusted.stream().anyMatch(TlsKeys::isAuthority);
            throw new IllegalArgumentException("the expected peer, " + pin + ", matches no certificate in the "
                    + trustName + " (it holds " + names() + ")" + (authority ? "; a certificate an authority there"
                    + " issued is accepted by subject only if you trust it to (--tls-trust-authority)" : ""));
        }
        return new TlsConfig(source, trustName, certificate, trusted, keyManagers, pkix, pin, authoritiesVouch);
    }

    /**
     * This configuration, letting the authorities in the truststore ({@link TlsKeys#isAuthority})
     * vouch for a peer named by subject ({@link #withPeer}): a certificate with that subject that
     * one of them issued is then accepted too, not only one the truststore holds. Trusting an
     * authority this way trusts it to give that subject to the peer alone; a fingerprint names
     * one certificate whatever the authorities do.
     *
     * @throws IllegalArgumentException if the truststore holds no authority
     */
    public TlsConfig trustingAuthorities() {
        if (trusted.stream().noneMatch(TlsKeys::isAuthority)) {
            throw new IllegalArgumentException("the " + trustName + " holds no certificate authority to trust (it"
                    + " holds " + names() + ")");
        }
        return new TlsConfig(source, trustName, certificate, trusted, keyManagers, pkix, peer, true);
    }

    /**
     * The one peer accepted ({@link #withPeer}), as {@code SHA-256 3F:A2:…} or
     * {@code subject CN=evaluator}; empty if any certificate the truststore trusts is.
     */
    public Optional<String> expectedPeer() {
        return peer == null ? Optional.empty() : Optional.of(peer.toString());
    }

    @Override
    public String toString() {
        return "TlsConfig{" + source + ", identity " + identity() + ", trusts " + names()
                + (peer == null ? "" : ", expects " + peer) + (authoritiesVouch ? ", authorities vouch" : "") + "}";
    }

    private List<String> names() {
        List<String> names = new ArrayList<>();
        for (X509Certificate c : trusted) {
            names.add(Printable.subject(c));
        }
        return names;
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
            X509ExtendedTrustManager pkix = null;
            for (TrustManager t : tmf.getTrustManagers()) {
                if (t instanceof X509ExtendedTrustManager x) {
                    pkix = x;
                }
            }
            if (pkix == null) {
                throw new IllegalStateException("the JDK's PKIX trust manager is not available");
            }
            return new TlsConfig(source, trustName, own, Collections.unmodifiableList(trusted),
                    kmf.getKeyManagers(), pkix, null, false);
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
        String weak = TlsKeyPolicy.problem(c.getPublicKey());
        if (weak != null) {
            throw new IllegalArgumentException(name + ": the key '" + Printable.ascii(alias) + "' is " + weak);
        }
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
                String weak = TlsKeyPolicy.problem(x.getPublicKey());
                if (weak != null) {
                    throw new IllegalArgumentException(name + ": the certificate of " + Printable.subject(x)
                            + " has " + weak);
                }
                out.add(x);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(name + " holds no certificate");
        }
        return out;
    }

    private static void checkValidity(String name, X509Certificate c) {
        String subject = Printable.subject(c);
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
