package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import io.gcstream.circuits.internal.SafeText;
import io.gcstream.engine.internal.session.Listener;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.TlsConfig;
import io.gcstream.ot.channel.TlsKeys;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The network options of {@code gc run}: where a listener listens ({@code --bind}) and TLS
 * ({@code --tls-keystore}, {@code --tls-truststore}, the password from {@value #PASSWORD_ENV} or
 * {@code --tls-password-file}, never from the command line, and {@code --tls-peer}, the one peer
 * accepted). Without TLS the connection is plain TCP, and a warning goes to stderr whenever it
 * leaves this machine (see {@link #plainWarning}); with a truststore that would accept more than
 * one peer and no {@code --tls-peer}, a warning says so.
 */
@Parameters(separators = "=")
final class NetworkOptions {
    /** The environment variable holding the key stores' password. */
    static final String PASSWORD_ENV = "GC_TLS_PASSWORD";
    /** The default listening address: this machine only. */
    static final String DEFAULT_BIND = "127.0.0.1";
    /** Largest password file read. */
    static final int MAX_PASSWORD_FILE = 4096;

    @Parameter(names = "--bind", description = "Address to listen on with --listen (default " + DEFAULT_BIND
            + ": this machine only; 0.0.0.0 or an interface's address for other machines)")
    String bind;

    @Parameter(names = "--tls-keystore", description = "PKCS#12 file with this party's key and certificate (from"
            + " gc keygen --name): use TLS 1.3 with mutual authentication")
    String keystore;

    @Parameter(names = "--tls-truststore", description = "PKCS#12 file with the peer's certificate (from gc keygen"
            + " --trust); only that peer is accepted")
    String truststore;

    @Parameter(names = "--tls-password-file", description = "File whose first line is the password of both stores"
            + " (default: the environment variable " + PASSWORD_ENV + ")")
    String passwordFile;

    @Parameter(names = "--tls-peer", description = "The one peer to accept: the SHA-256 fingerprint of its"
            + " certificate (as gc keygen printed it; preferred) or its subject (CN=NAME, or NAME), matched only by a"
            + " certificate the truststore holds; any other certificate, even one the truststore trusts, is refused")
    String peer;

    @Parameter(names = "--tls-trust-authority", description = "With --tls-peer SUBJECT: also accept a certificate"
            + " with that subject that an authority in the truststore issued (a CA, or a version 1 certificate), not"
            + " only one the truststore holds")
    boolean trustAuthority;

    /** The environment (a field so that tests can replace it). */
    Function<String, String> env = System::getenv;

    /** True if any of these options was given. */
    boolean given() {
        return bind != null || keystore != null || truststore != null || passwordFile != null || peer != null
                || trustAuthority;
    }

    /** Fails if any of these options was given to a mode that has no network ({@code mode}). */
    void rejectIn(String mode) {
        if (given()) {
            throw new UserError(mode + " runs both parties in this process over loopback: --bind and"
                    + " --tls-* are for --listen and --connect");
        }
    }

    /**
     * Plain TCP, or TLS when a keystore and truststore are given (loaded and checked here),
     * narrowed to {@code --tls-peer} if given (a subject vouched for by the truststore's
     * authorities with {@code --tls-trust-authority}); otherwise, if the truststore would accept
     * more than one peer (several certificates, or an authority: {@link TlsKeys#isAuthority}), a
     * warning on {@code err}.
     */
    Transport transport(PrintStream err) throws IOException {
        if (keystore == null && truststore == null) {
            if (passwordFile != null || peer != null || trustAuthority) {
                throw new UserError((passwordFile != null ? "--tls-password-file" : peer != null ? "--tls-peer"
                        : "--tls-trust-authority") + " is for TLS: give --tls-keystore and --tls-truststore too");
            }
            return Transport.plain();
        }
        if (keystore == null || truststore == null) {
            throw new UserError("TLS needs both --tls-keystore (this party's key) and"
                    + " --tls-truststore (the peer's certificate)");
        }
        if (trustAuthority && peer == null) {
            throw new UserError(TRUST_AUTHORITY_NEEDS_SUBJECT);
        }
        char[] password = password(passwordFile, env);
        TlsConfig tls;
        try {
            tls = TlsConfig.load(Path.of(keystore), Path.of(truststore), password);
            if (trustAuthority) {
                tls = tls.trustingAuthorities();
            }
            if (peer != null) {
                tls = tls.withPeer(peer);
            }
            if (trustAuthority && !tls.expectedPeer().orElseThrow().startsWith("subject ")) {
                throw new UserError(TRUST_AUTHORITY_NEEDS_SUBJECT);
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(peer != null && e.getMessage().startsWith("the expected peer")
                    ? "--tls-peer: " + e.getMessage()
                    : trustAuthority && e.getMessage().contains("holds no certificate authority")
                            ? "--tls-trust-authority: " + e.getMessage() : e.getMessage());
        } finally {
            Arrays.fill(password, '\0');
        }
        if (peer == null && acceptsSeveral(tls.trusted())) {
            err.println("gc: warning: the truststore " + SafeText.line(truststore) + " holds "
                    + tls.trusted().size() + " certificate(s) or a certificate authority, so more than one"
                    + " peer would be accepted; name the one you expect with --tls-peer FINGERPRINT"
                    + " (see docs/security.md)");
        }
        return Transport.tls(tls);
    }

    private static final String TRUST_AUTHORITY_NEEDS_SUBJECT = "--tls-trust-authority lets an authority in the"
            + " truststore vouch for the subject --tls-peer names: give --tls-peer CN=NAME (a fingerprint names one"
            + " certificate)";

    /** True if a truststore of {@code trusted} accepts more than one peer certificate. */
    static boolean acceptsSeveral(List<X509Certificate> trusted) {
        return trusted.size() > 1 || trusted.stream().anyMatch(TlsKeys::isAuthority);
    }

    /** A connection whose peer has been greeted, and what the greeting gave. */
    record Greeted<T>(TcpChannel channel, T value) {
    }

    /**
     * Listens on {@code --bind} (default {@value #DEFAULT_BIND}) and {@code port}, says where on
     * {@code err}, accepts connections and greets each peer with {@code greet}, until one is a
     * real peer ({@link Listener#accept}: a connection that is not a gcstream party is reported on
     * {@code err} and the listener keeps waiting; a real peer that disagrees ends it with the
     * error).
     */
    <T> Greeted<T> listen(int port, ChannelOptions o, PrintStream err, Listener.Greeter<T> greet) throws IOException {
        Transport t = transport(err);
        InetAddress address = bindAddress();
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            try {
                server.bind(new InetSocketAddress(address, port));
            } catch (BindException e) {
                throw new UserError("cannot listen on " + address.getHostAddress() + ":" + port
                        + ": " + e.getMessage());
            }
            String where = address.getHostAddress() + ":" + server.getLocalPort();
            err.println("gc: listening on " + where + ", " + SafeText.line(t.toString())
                    + (address.isLoopbackAddress()
                            ? " (this machine only: --bind ADDRESS to accept other machines)" : ""));
            if (plainWarning(t, address)) {
                err.println(warning(where));
            }
            return Listener.accept(server, t, o,
                    reason -> err.println("gc: warning: rejected a connection: " + SafeText.line(reason)), ch -> {
                        T value = greet.greet(ch);
                        if (ch.isSecure()) {
                            err.println("gc: connected to " + ch.peer() + ", " + SafeText.line(ch.security()));
                        }
                        return new Greeted<>(ch, value);
                    });
        }
    }

    /** Connects to {@code host:port}, greets the peer, and warns on {@code err} if plain TCP leaves this machine. */
    <T> Greeted<T> connect(String host, int port, ChannelOptions o, PrintStream err, Listener.Greeter<T> greet)
            throws IOException {
        TcpChannel ch = connect(host, port, o, err);
        try {
            return new Greeted<>(ch, greet.greet(ch));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Connects to {@code host:port}, warning on {@code err} if plain TCP leaves this machine. */
    TcpChannel connect(String host, int port, ChannelOptions o, PrintStream err) throws IOException {
        if (bind != null) {
            throw new UserError("--bind is for --listen; a connecting party needs no address of its own");
        }
        Transport t = transport(err);
        if (!t.isSecure()) {
            InetAddress a = InetAddress.getByName(host);
            if (plainWarning(t, a)) {
                err.println(warning(a.getHostAddress() + ":" + port));
            }
        }
        TcpChannel ch = t.connect(host, port, o);
        if (ch.isSecure()) {
            err.println("gc: connected to " + ch.peer() + ", " + SafeText.line(ch.security()));
        }
        return ch;
    }

    /** The listening address: {@code --bind} or {@value #DEFAULT_BIND}. */
    InetAddress bindAddress() {
        String b = bind == null ? DEFAULT_BIND : bind;
        if (b.startsWith("[") && b.endsWith("]")) {
            b = b.substring(1, b.length() - 1);
        }
        if (b.isEmpty()) {
            throw new UserError("--bind needs an address, e.g. 0.0.0.0 or 192.168.1.5");
        }
        try {
            return InetAddress.getByName(b);
        } catch (UnknownHostException e) {
            throw new UserError("--bind: unknown address '" + bind + "'");
        }
    }

    /**
     * True when plain TCP is used with an address other than loopback: listening on any other
     * address (the wildcard {@code 0.0.0.0} included) or connecting to a host that resolves to
     * one. Loopback traffic never leaves the machine, so it gets no warning.
     */
    static boolean plainWarning(Transport t, InetAddress address) {
        return !t.isSecure() && !address.isLoopbackAddress();
    }

    private static String warning(String where) {
        return "gc: warning: plain TCP with " + where + " has no authentication, encryption or"
                + " integrity: anyone on the network can pose as the peer, read or change the"
                + " traffic; use --tls-keystore and --tls-truststore (see docs/security.md)";
    }

    /**
     * The key stores' password: the first line of {@code file} if given, else the environment
     * variable {@value #PASSWORD_ENV}. It must be printable ASCII, from either source: the JDK's
     * PKCS#12 key stores refuse any other character (with a trace naming Java classes, when the
     * key is written or opened), so another one is a user error here.
     */
    static char[] password(String file, Function<String, String> env) throws IOException {
        char[] p = password("--tls-password-file", file, PASSWORD_ENV, env, true);
        if (p == null) {
            throw new UserError("TLS needs the key stores' password: set " + PASSWORD_ENV
                    + " or give --tls-password-file FILE (never on the command line)");
        }
        return p;
    }

    /**
     * A password: the first line of {@code file} (the value of {@code option}) if given, else the
     * environment variable {@code var} if the JVM read it as typed ({@link #checkEnvironmentText});
     * null if neither is set.
     */
    static char[] password(String option, String file, String var, Function<String, String> env) throws IOException {
        return password(option, file, var, env, false);
    }

    /** As {@link #password(String, String, String, Function)}; {@code printableAscii}: refuse any other character. */
    private static char[] password(String option, String file, String var, Function<String, String> env,
            boolean printableAscii) throws IOException {
        if (file != null) {
            byte[] bytes = readPasswordFile(option, file);
            try {
                CharBuffer cb = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
                char[] all = new char[cb.remaining()];
                cb.get(all);
                Arrays.fill(cb.array(), '\0');
                int end = 0;
                while (end < all.length && all[end] != '\n' && all[end] != '\r') {
                    end++;
                }
                char[] line = Arrays.copyOf(all, end);
                Arrays.fill(all, '\0');
                if (line.length == 0) {
                    throw new UserError(option + " " + file + ": the first line is empty");
                }
                if (printableAscii && !printableAscii(CharBuffer.wrap(line))) {
                    Arrays.fill(line, '\0');
                    throw new UserError(option + " " + file + ": " + NOT_ASCII);
                }
                return line;
            } catch (CharacterCodingException e) {
                throw new UserError(option + " " + file + ": not UTF-8 text");
            } finally {
                Arrays.fill(bytes, (byte) 0);
            }
        }
        String v = env.apply(var);
        if (v == null || v.isEmpty()) {
            return null;
        }
        if (printableAscii && !printableAscii(v)) {
            throw new UserError(var + ": " + NOT_ASCII);
        }
        checkEnvironmentText(var, option, v, environmentCharset());
        return v.toCharArray();
    }

    /** Why a TLS password of other characters than printable ASCII is refused. */
    private static final String NOT_ASCII = "the TLS password must be printable ASCII (letters, digits, punctuation,"
            + " spaces): the JDK's PKCS#12 key stores refuse other characters";

    private static boolean printableAscii(CharSequence p) {
        for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) < 0x20 || p.charAt(i) > 0x7e) {
                return false;
            }
        }
        return true;
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /**
     * Refuses a password that the environment variable {@code var} may not hold as the user typed
     * it. The JVM decodes the environment in the locale's charset: bytes that charset cannot
     * decode become U+FFFD (in the POSIX locale, {@code LANG=C} or none, every non-ASCII byte), so
     * every password of that many such bytes would be the same one; and when the charset is not
     * UTF-8 ({@code nonUtf8}, its name, or null if it is UTF-8), any non-ASCII character would be
     * another one under another locale. A password file ({@code option}) is read as UTF-8
     * whatever the locale.
     */
    static void checkEnvironmentText(String var, String option, String value, String nonUtf8) {
        String fix = ": put the password in a file and give " + option + " FILE (read as UTF-8)";
        if (value.indexOf('\uFFFD') >= 0) {
            throw new UserError(var + " holds bytes this process's locale cannot decode (Java reads each as U+FFFD,"
                    + " so other passwords would be the same)" + fix);
        }
        if (nonUtf8 != null && !ascii(value)) {
            throw new UserError(var + " holds non-ASCII characters and this process reads the environment as "
                    + SafeText.line(nonUtf8) + ", not UTF-8 (another locale would read another password)" + fix);
        }
    }

    /**
     * The charset the JVM decodes the environment with, if it is not UTF-8; null if it is. Java 17
     * decodes it with the default charset, later versions with {@code sun.jnu.encoding}: both
     * follow the locale unless set on the command line, and both must be UTF-8.
     */
    static String environmentCharset() {
        for (String name : new String[] {System.getProperty("sun.jnu.encoding"), Charset.defaultCharset().name()}) {
            if (name != null && !isUtf8(name)) {
                return name;
            }
        }
        return null;
    }

    private static boolean isUtf8(String charset) {
        try {
            return Charset.forName(charset).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The bytes of a password file, read once and at most {@link #MAX_PASSWORD_FILE} of them: a
     * larger file, or a device that never ends such as /dev/zero, is refused after that many.
     */
    private static byte[] readPasswordFile(String option, String file) {
        Path p = Path.of(file);
        String what = option + " " + file + ": ";
        if (Files.isDirectory(p)) {
            throw new UserError(what + "is a directory, not a file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(p)) {
            bytes = in.readNBytes(MAX_PASSWORD_FILE + 1);
        } catch (NoSuchFileException e) {
            throw new UserError(what + "does not exist");
        } catch (AccessDeniedException e) {
            throw new UserError(what + "cannot be read: permission denied");
        } catch (IOException e) {
            throw new UserError(what + "cannot be read: " + e.getMessage());
        }
        if (bytes.length > MAX_PASSWORD_FILE) {
            Arrays.fill(bytes, (byte) 0);
            throw new UserError(what + "holds more than " + MAX_PASSWORD_FILE + " bytes, too many for a password"
                    + " file");
        }
        return bytes;
    }
}
