package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.OutputFile;
import io.gcstream.ot.channel.TlsKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * {@code gc keygen}: the files for TLS between two parties. {@code --name NAME --out DIR} makes
 * this party's key pair and self-signed certificate ({@code DIR/NAME.p12}, private, and
 * {@code DIR/NAME.crt}, to give to the peer); {@code --trust PEER.crt --out FILE} makes the
 * truststore that accepts exactly that peer. Both are protected by the password from
 * {@value NetworkOptions#PASSWORD_ENV} or {@code --tls-password-file}, and existing files are
 * never overwritten.
 */
final class KeygenCommand extends Gc.BaseCommand {
    static final String DESCRIPTION = "Make a TLS key pair and certificate (--name) or a truststore from the"
            + " peer's certificate (--trust)";

    @Parameter(names = "--name", description = "This party's name, the certificate's CN: writes OUT/NAME.p12"
            + " (private key, keep it) and OUT/NAME.crt (give it to the peer)")
    String name;

    @Parameter(names = "--trust", splitter = Arguments.WholeValue.class, description = "A peer's certificate (its"
            + " NAME.crt): writes the truststore OUT; repeat to trust several")
    List<String> trust = new ArrayList<>();

    @Parameter(names = "--out", description = "With --name: the directory to write to; with --trust: the truststore"
            + " file")
    String out;

    @Parameter(names = "--days", description = "With --name: days the certificate is valid")
    int days = (int) Certificates.DEFAULT_VALIDITY.toDays();

    @Parameter(names = "--tls-password-file", description = "File whose first line is the stores' password"
            + " (default: the environment variable " + NetworkOptions.PASSWORD_ENV + ")")
    String passwordFile;

    /** The environment (a field so that tests can replace it). */
    Function<String, String> env = System::getenv;

    @Override
    public int run(PrintStream stdout) throws Exception {
        if ((name == null) == trust.isEmpty()) {
            throw new UserError("give either --name NAME (make this party's key) or --trust PEER.crt"
                    + " (make a truststore)");
        }
        if (out == null) {
            throw new UserError("--out is required: a directory with --name, the truststore file with --trust");
        }
        char[] password = NetworkOptions.password(passwordFile, env);
        try {
            if (name != null) {
                makeKey(stdout, password);
            } else {
                makeTruststore(stdout, password);
            }
        } finally {
            Arrays.fill(password, '\0');
        }
        return 0;
    }

    private void makeKey(PrintStream stdout, char[] password) throws IOException {
        try {
            Certificates.checkName(name);
        } catch (IllegalArgumentException e) {
            throw new UserError("--name: " + e.getMessage());
        }
        if (days < 1 || days > 36500) {
            throw new UserError("--days must be in 1..36500, not " + days);
        }
        Path dir = Path.of(out);
        Path p12 = dir.resolve(name + ".p12");
        Path crt = dir.resolve(name + ".crt");
        Files.createDirectories(dir);
        check(p12, OutputFile.Access.SECRET);
        check(crt, OutputFile.Access.PUBLIC);
        KeyStore ks = Certificates.generate(name, Duration.ofDays(days), password);
        X509Certificate cert = TlsKeys.certificate(ks);
        // Both written in full before either is committed, and the key taken back if the
        // certificate's commit fails: a full disk leaves neither, so a rerun can make both.
        try (OutputFile key = open(p12, OutputFile.Access.SECRET);
                OutputFile pem = open(crt, OutputFile.Access.PUBLIC)) {
            store(ks, key, p12, password);
            pem.stream().write(TlsKeys.pem(cert).getBytes(StandardCharsets.US_ASCII));
            key.commit();
            try {
                pem.commit();
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(p12);
                throw e;
            }
        }
        stdout.println("wrote " + p12 + ": private key and certificate of "
                + cert.getSubjectX500Principal().getName() + ", valid until "
                + cert.getNotAfter().toInstant() + " (keep it private: --tls-keystore)");
        stdout.println("wrote " + crt + ": the certificate to give to the peer");
        stdout.println("SHA-256 fingerprint: " + TlsKeys.fingerprint(cert));
    }

    private void makeTruststore(PrintStream stdout, char[] password) throws IOException {
        Path file = Path.of(out);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        check(file, OutputFile.Access.SECRET);
        List<X509Certificate> certs = new ArrayList<>();
        for (String t : trust) {
            try {
                certs.add(TlsKeys.readCertificate(Path.of(t)));
            } catch (IllegalArgumentException e) {
                throw new UserError("--trust " + e.getMessage());
            }
        }
        try (OutputFile f = open(file, OutputFile.Access.SECRET)) {
            store(TlsKeys.truststore(certs), f, file, password);
            f.commit();
        }
        stdout.println("wrote " + file + ": a truststore accepting");
        for (X509Certificate c : certs) {
            stdout.println("  " + c.getSubjectX500Principal().getName() + ", SHA-256 fingerprint "
                    + TlsKeys.fingerprint(c));
        }
        stdout.println("compare each fingerprint with the one its owner's gc keygen printed"
                + " (in person or by phone) before you rely on it");
    }

    /** Refuses, before any key is made, a target that exists or cannot be written. */
    private static void check(Path p, OutputFile.Access access) throws IOException {
        try {
            OutputFile.check(p, access, OutputFile.Existing.REFUSE);
        } catch (OutputFile.TargetException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static OutputFile open(Path p, OutputFile.Access access) throws IOException {
        try {
            return OutputFile.open(p, access, OutputFile.Existing.REFUSE);
        } catch (OutputFile.TargetException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static void store(KeyStore ks, OutputFile f, Path target, char[] password) throws IOException {
        try {
            ks.store(f.stream(), password);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
