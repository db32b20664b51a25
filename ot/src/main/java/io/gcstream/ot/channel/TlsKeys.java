package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Files of the two-party TLS set-up of {@link TlsConfig}: each party has a PKCS#12 key store
 * with its key pair and a certificate for it, gives the certificate to the other
 * ({@link #writePem}, {@link #readCertificate}) and puts the peer's certificate in its
 * truststore ({@link #truststore}, {@link #save}). Parties should compare {@link #fingerprint}s
 * over a channel they trust (in person, by phone) before trusting a certificate file that came
 * over the network.
 *
 * <p>Key pairs come from {@code gc keygen --name} or the JDK's {@code keytool -genkeypair}
 * (docs/security.md gives both); making them needs Bouncy Castle's PKIX module, which the
 * libraries do not carry. Everything here uses the JDK only.
 */
public final class TlsKeys {
    /** Largest certificate file read (a certificate is about 500 bytes). */
    static final long MAX_CERTIFICATE_FILE = 64 * 1024;

    private TlsKeys() {
    }

    /** The certificate of the one private key in {@code keystore}. */
    public static X509Certificate certificate(KeyStore keystore) {
        try {
            X509Certificate found = null;
            for (String alias : Collections.list(keystore.aliases())) {
                if (keystore.isKeyEntry(alias)) {
                    if (found != null) {
                        throw new IllegalArgumentException("key store holds more than one key");
                    }
                    Certificate c = keystore.getCertificate(alias);
                    if (!(c instanceof X509Certificate x)) {
                        throw new IllegalArgumentException("key '" + alias
                                + "' has no X.509 certificate");
                    }
                    found = x;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("key store holds no private key");
            }
            return found;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot read the key store: " + e.getMessage(), e);
        }
    }

    /** A PKCS#12 truststore in memory holding {@code certificates} (at least one). */
    public static KeyStore truststore(List<X509Certificate> certificates) {
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("a truststore needs at least one certificate");
        }
        try {
            KeyStore ks = emptyStore();
            Set<String> used = new HashSet<>();
            for (X509Certificate c : certificates) {
                String base = alias(c);
                String alias = base;
                for (int i = 2; !used.add(alias); i++) {
                    alias = base + "-" + i;
                }
                ks.setCertificateEntry(alias, c);
            }
            return ks;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a truststore: " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a password with a character outside printable ASCII: the JDK's PKCS#12 key stores
     * can neither write nor open a store under one (it fails as a wrong password, or with an
     * exception naming their classes).
     *
     * @throws IllegalArgumentException if {@code password} holds such a character
     */
    static void checkPassword(char[] password) {
        for (char c : password) {
            if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException("the key stores' password holds a character other than printable"
                        + " ASCII, which the JDK's PKCS#12 key stores refuse");
            }
        }
    }

    /**
     * Writes {@code store} to a new file readable by its owner only (where the file system has
     * POSIX permissions), protected by {@code password}; never overwrites. The store is written
     * in full to a temporary file beside {@code file} and then given its name, so {@code file}
     * never holds part of a store, even if the process is killed while it writes (a kill may
     * leave the owner-only temporary, {@code .NAME.*.tmp}, behind).
     *
     * @throws java.nio.file.FileAlreadyExistsException if {@code file} exists
     * @throws IllegalArgumentException if {@code password} holds a character other than
     *     printable ASCII, which PKCS#12 stores refuse
     */
    public static void save(KeyStore store, Path file, char[] password) throws IOException {
        checkPassword(password);
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(file.toString());
        }
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = createPrivateTemp(dir, "." + file.getFileName() + ".");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                store.store(Channels.newOutputStream(ch), password);
                ch.force(true);
            } catch (GeneralSecurityException | RuntimeException e) {
                throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
            }
            publish(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Gives the written {@code tmp} the name {@code file}: a hard link, which is atomic and
     * fails if {@code file} exists; where links are not supported, a move that does not replace.
     */
    private static void publish(Path tmp, Path file) throws IOException {
        try {
            Files.createLink(file, tmp);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException e) {
            Files.move(tmp, file);
        }
    }

    /** Writes {@code cert} as PEM to a new file; never overwrites. */
    public static void writePem(X509Certificate cert, Path file) throws IOException {
        Files.writeString(file, pem(cert), StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
    }

    /** {@code cert} as PEM text (the content of a {@code .crt} file). */
    public static String pem(X509Certificate cert) {
        try {
            return "-----BEGIN CERTIFICATE-----\n"
                    + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(cert.getEncoded())
                    + "\n-----END CERTIFICATE-----\n";
        } catch (CertificateException e) {
            throw new IllegalArgumentException("cannot encode the certificate: " + e.getMessage(), e);
        }
    }

    /**
     * Reads one X.509 certificate, PEM or DER.
     *
     * @throws IllegalArgumentException if the file is larger than 64 KiB or holds no certificate
     */
    public static X509Certificate readCertificate(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_CERTIFICATE_FILE) {
            throw new IllegalArgumentException(file + ": " + size + " bytes is too large for a"
                    + " certificate (at most " + MAX_CERTIFICATE_FILE + ")");
        }
        try (InputStream in = Files.newInputStream(file)) {
            Certificate c = CertificateFactory.getInstance("X.509").generateCertificate(in);
            if (!(c instanceof X509Certificate x)) {
                throw new IllegalArgumentException(file + ": not an X.509 certificate");
            }
            return x;
        } catch (CertificateException e) {
            throw new IllegalArgumentException(file + ": not an X.509 certificate (PEM or DER)", e);
        }
    }

    /**
     * True if a truststore holding {@code c} accepts certificates that {@code c}'s key signed: a
     * certificate authority (basic constraints with cA true), or a version 1 or 2 certificate,
     * which has no extensions to say it is not one and which the JDK accepts as an issuer when
     * trusted ({@code openssl x509 -req -signkey} makes one).
     */
    public static boolean isAuthority(X509Certificate c) {
        return c.getBasicConstraints() >= 0 || c.getVersion() < 3;
    }

    /** SHA-256 of the certificate's encoding, as upper-case hex pairs separated by colons. */
    public static String fingerprint(X509Certificate cert) {
        try {
            return HexFormat.ofDelimiter(":").withUpperCase()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static String alias(X509Certificate c) {
        String dn = c.getSubjectX500Principal().getName();
        String cn = dn.startsWith("CN=") ? dn.substring(3).split(",", 2)[0] : "peer";
        return cn.isEmpty() ? "peer" : cn.toLowerCase(Locale.ROOT);
    }

    private static KeyStore emptyStore() throws GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try {
            ks.load(null, null);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create an empty PKCS#12 store", e);
        }
        return ks;
    }

    private static Path createPrivateTemp(Path dir, String prefix) throws IOException {
        try {
            return Files.createTempFile(dir, prefix, ".tmp", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            return Files.createTempFile(dir, prefix, ".tmp");
        }
    }
}
