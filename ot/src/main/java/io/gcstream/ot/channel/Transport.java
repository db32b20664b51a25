package io.gcstream.ot.channel;

import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.TlsPolicy;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import javax.net.ssl.SSLSocket;
import org.slf4j.Logger;

/**
 * How a {@link TcpChannel} is set up on a TCP connection: {@link #plain()} (nothing: for
 * loopback and tests, see docs/security.md for what it does not protect) or {@link #tls} (TLS
 * 1.3 with mutual authentication). Code that opens channels takes a {@code Transport} and works
 * with either; both sides of a connection must use the same kind.
 * <pre>{@code
 * Transport t = tlsWanted
 *         ? Transport.tls(TlsConfig.load(keystore, truststore, password))
 *         : Transport.plain();
 * try (TcpChannel ch = t.connect("10.0.0.2", 7766, ChannelOptions.defaults())) {
 *     // ... the same protocol code over either
 * }
 * }</pre>
 *
 * <p>Connecting retries refused connections until the connect timeout (the listener may start
 * later); a TLS handshake that fails is not retried. Accepting waits at most the connect timeout
 * in all. A TLS listener keeps accepting until a peer completes the handshake: a connection that
 * closes at once (a probe), speaks something else or presents an untrusted certificate is
 * reported to the {@code rejected} callback and the listener goes on, until
 * 10 such failures or the connect timeout, whichever comes first
 * (then one error naming the last failure). One handshake on the listener may take at most
 * 10 seconds, so that a connection that sends nothing does not hold it for the
 * whole connect timeout. A plain listener takes the first connection: the protocol's hello is
 * what tells a real peer from a probe there, so call {@code accept(ServerSocket, ...)} in a loop.
 *
 * <p>After its TLS handshake the listener sends the connector one byte ({@code 0x01}): in TLS 1.3
 * the connector's handshake ends before the listener has checked the connector's certificate,
 * and this byte is how the connector learns it was accepted (otherwise it reads the listener's
 * alert and fails with "the peer did not accept this side's certificate").
 */
public abstract class Transport {
    /** Longest one TLS handshake may take on a listener. */
    static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger LOG = Logs.get(Transport.class);
    /** The byte a TLS listener sends once it has accepted the connector's certificate. */
    static final int ACCEPTED = 0x01;

    Transport() {
    }

    /** Plain TCP: no encryption, no integrity, no authentication. */
    public static Transport plain() {
        return Plain.INSTANCE;
    }

    /** TLS 1.3 with mutual authentication, as {@code config} says. */
    public static Transport tls(TlsConfig config) {
        return new Tls(Objects.requireNonNull(config, "config"));
    }

    /** True for TLS. */
    public abstract boolean isSecure();

    /**
     * Makes a connected TCP socket ready for a channel: nothing for plain TCP, the TLS handshake
     * (bounded by {@code deadline}) for TLS. Returns the socket to do I/O on.
     */
    abstract Socket secure(Socket raw, boolean client, String peer, SocketGuard guard,
            long deadline) throws IOException;

    /** The longest pause between two attempts to connect. */
    static final long MAX_RETRY_PAUSE_MS = 50;

    /** The pause after one of {@code pause} ms: twice as long, at most {@link #MAX_RETRY_PAUSE_MS}. */
    static long nextRetryPause(long pause) {
        return Math.min(2 * pause, MAX_RETRY_PAUSE_MS);
    }

    /**
     * Connects to {@code host:port}, retrying refused connections until
     * {@link ChannelOptions#connectTimeout()} has passed, then sets the connection up (TLS: the
     * handshake, within the same timeout).
     *
     * @throws PeerTimeoutException if no connection could be made within the connect timeout
     * @throws TlsHandshakeException if the TLS handshake failed
     */
    public TcpChannel connect(String host, int port, ChannelOptions o) throws IOException {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(o, "options");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
        long deadline = System.nanoTime() + Timeouts.nanos(o.connectTimeout());
        IOException last = null;
        // Two parties are often started together, the listener a few milliseconds late: the
        // first retries come quickly (a refused connection costs little), later ones every
        // MAX_RETRY_PAUSE_MS, so a pair started together does not wait out a long fixed pause.
        long pause = 1;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new PeerTimeoutException("could not connect to " + host + ":" + port
                        + " within " + o.connectTimeout().toMillis() + " ms"
                        + (last == null ? "" : ": " + last.getMessage()), last);
            }
            Socket s = new Socket();
            try {
                s.connect(new InetSocketAddress(host, port), (int) Math.min(left, Integer.MAX_VALUE));
            } catch (ConnectException | NoRouteToHostException | SocketTimeoutException e) {
                s.close();
                last = e;
                sleepQuietly(Math.min(pause, left));
                pause = nextRetryPause(pause);
                continue;
            } catch (IOException | RuntimeException e) {
                s.close();
                throw e;
            }
            return open(s, true, deadline, o);
        }
    }

    /**
     * Listens on {@code bind} (port 0: any free port), accepts one peer as
     * {@link #accept(ServerSocket, ChannelOptions)} does, and closes the listening socket.
     */
    public TcpChannel accept(InetSocketAddress bind, ChannelOptions o) throws IOException {
        Objects.requireNonNull(bind, "bind");
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(bind);
            return accept(server, o);
        }
    }

    /**
     * Accepts one peer on an already bound {@code server} within the connect timeout; rejected
     * TLS connections are logged as warnings. The server socket stays open (the caller owns it).
     */
    public TcpChannel accept(ServerSocket server, ChannelOptions o) throws IOException {
        return accept(server, o, reason -> LOG.warn("{}", reason));
    }

    /**
     * Accepts one peer on an already bound {@code server} within the connect timeout, telling
     * {@code rejected} (one line each) about every TLS connection that failed its handshake (see
     * the class comment). The server socket stays open (the caller owns it).
     *
     * @throws PeerTimeoutException if no peer completed the set-up within the connect timeout
     * @throws TlsHandshakeException after 10 failed set-ups
     */
    public TcpChannel accept(ServerSocket server, ChannelOptions o, Consumer<String> rejected)
            throws IOException {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(o, "options");
        Objects.requireNonNull(rejected, "rejected");
        long deadline = System.nanoTime() + Timeouts.nanos(o.connectTimeout());
        long handshakeNanos = Timeouts.nanos(HANDSHAKE_TIMEOUT);
        String where = TcpChannel.address(server.getInetAddress(), server.getLocalPort());
        int failed = 0;
        String last = null;
        int old = server.getSoTimeout();
        try {
            while (true) {
                long now = System.nanoTime();
                if (deadline - now <= 0) {
                    throw new PeerTimeoutException(noPeer(where, o, failed, last));
                }
                server.setSoTimeout(Timeouts.millisLeft(deadline, now));
                Socket s;
                try {
                    s = server.accept();
                } catch (SocketTimeoutException e) {
                    throw new PeerTimeoutException(noPeer(where, o, failed, last), e);
                }
                long attempt = System.nanoTime() + handshakeNanos;
                try {
                    return open(s, false, deadline - attempt < 0 ? deadline : attempt, o);
                } catch (InterruptedIOException e) {
                    throw e;
                } catch (IOException e) {
                    // A failed handshake, or a connection that broke while being set up: either
                    // way not the peer, and no reason to stop listening.
                    failed++;
                    last = e instanceof TlsHandshakeException ? e.getMessage()
                            : "connection from " + TcpChannel.address(s.getInetAddress(), s.getPort())
                                    + " failed while being set up: " + e.getMessage();
                    rejected.accept(last);
                    if (failed >= TlsPolicy.MAX_FAILED_HANDSHAKES) {
                        throw new TlsHandshakeException("gave up listening on " + where + " after "
                                + failed + " failed connections; the last: " + last, e);
                    }
                }
            }
        } finally {
            if (!server.isClosed()) {
                server.setSoTimeout(old);
            }
        }
    }

    private static String noPeer(String where, ChannelOptions o, int failed, String last) {
        String base = "no peer connected to " + where + " within "
                + o.connectTimeout().toMillis() + " ms";
        if (failed == 0) {
            return base;
        }
        return "no peer completed a TLS handshake on " + where + " within "
                + o.connectTimeout().toMillis() + " ms (" + failed + " failed; the last: " + last
                + ")";
    }

    /** Sets a freshly connected socket up as a channel, or closes it. */
    private TcpChannel open(Socket raw, boolean client, long deadline, ChannelOptions o)
            throws IOException {
        SocketGuard guard = new SocketGuard(raw).watch();
        try {
            raw.setTcpNoDelay(true);
            Socket io = secure(raw, client, TcpChannel.address(raw.getInetAddress(), raw.getPort()),
                    guard, deadline);
            return new TcpChannel(raw, io, guard, o);
        } catch (IOException | RuntimeException e) {
            guard.release();
            raw.close();
            throw e;
        }
    }

    private static void sleepQuietly(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while connecting");
        }
    }

    // ---------------------------------------------------------------- implementations

    private static final class Plain extends Transport {
        static final Plain INSTANCE = new Plain();

        @Override
        public boolean isSecure() {
            return false;
        }

        @Override
        Socket secure(Socket raw, boolean client, String peer, SocketGuard guard, long deadline) {
            return raw;
        }

        @Override
        public String toString() {
            return "plain TCP";
        }
    }

    private static final class Tls extends Transport {
        private final TlsConfig config;

        Tls(TlsConfig config) {
            this.config = config;
        }

        @Override
        public boolean isSecure() {
            return true;
        }

        @Override
        Socket secure(Socket raw, boolean client, String peer, SocketGuard guard, long deadline)
                throws IOException {
            long start = System.nanoTime();
            guard.begin(SocketGuard.WRITE, deadline);
            try {
                raw.setSoTimeout(Timeouts.millisLeft(deadline, start));
                SSLSocket s = config.layer(raw, client);
                s.startHandshake();
                if (client) {
                    awaitAcceptance(s, peer);
                } else {
                    OutputStream out = s.getOutputStream();
                    out.write(ACCEPTED);
                    out.flush();
                }
                return s;
            } catch (TlsHandshakeException e) {
                throw e;
            } catch (IOException e) {
                boolean timedOut = guard.fired() != 0 || e instanceof SocketTimeoutException;
                throw explain(peer, e, timedOut, (deadline - start) / 1_000_000);
            } finally {
                guard.end(SocketGuard.WRITE);
            }
        }

        @Override
        public String toString() {
            return "TLS 1.3 as " + config.identity();
        }

        /**
         * Reads the listener's acceptance byte. Its alert says why it refused this side's
         * certificate; but in TLS 1.3 the refusal crosses this side's last handshake messages,
         * and a listener that closes with them unread resets the connection, which loses the
         * alert. Either way, a listener that ends the connection right after a handshake it
         * completed did not accept this side.
         */
        private static void awaitAcceptance(SSLSocket s, String peer) throws IOException {
            int b;
            try {
                b = s.getInputStream().read();
            } catch (IOException e) {
                // A reset is the refusal whose alert was lost; an alert, a timeout (of the
                // socket or the watchdog) or anything else is explained as in the handshake.
                String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
                if (!(e instanceof EOFException || m.contains("connection reset") || m.contains("remote host terminated"))) {
                    throw e;
                }
                b = -1;
            }
            if (b != ACCEPTED) {
                throw new TlsHandshakeException("TLS handshake with " + peer + " failed: "
                        + (b < 0 ? "the peer closed the connection instead of accepting this side's certificate"
                                + " (it may not be in the peer's truststore, or not the peer it expects)"
                                : "the peer sent 0x" + Integer.toHexString(b) + " instead of its acceptance"));
            }
        }
    }

    /** Turns a failed handshake into one line that says what to check. */
    static TlsHandshakeException explain(String peer, IOException e, boolean timedOut,
            long budgetMillis) {
        String head = "TLS handshake with " + peer + " failed: ";
        if (timedOut) {
            return new TlsHandshakeException(head + "no answer within " + budgetMillis
                    + " ms (is the peer speaking TLS, and running?)", e);
        }
        StringBuilder all = new StringBuilder();
        boolean untrusted = false;
        String refused = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(' ').append(t.getMessage());
            untrusted |= t instanceof CertPathBuilderException
                    || t instanceof CertPathValidatorException || t instanceof CertificateException;
            if (t instanceof PeerTrustManager.Refused r && refused == null) {
                refused = r.getMessage();
            }
        }
        String m = all.toString().toLowerCase(Locale.ROOT);
        String reason;
        if (refused != null) {
            // Trusted by the truststore, refused by a check of ours (its own key, a weak key,
            // not the expected peer): the check says why.
            reason = refused;
        } else if (untrusted || m.contains("pkix path") || m.contains("empty client certificate chain")) {
            // (The connector sends no certificate when it has none from the authorities this
            // side asked for: the listener then sees an empty chain.)
            reason = "the peer's certificate is not trusted (it is not in this side's truststore)";
        } else if (m.contains("bad_certificate") || m.contains("certificate_unknown")
                || m.contains("unknown_ca") || m.contains("certificate_required")
                || m.contains("access_denied")) {
            reason = "the peer did not accept this side's certificate (it is not in the peer's"
                    + " truststore, or not the peer it expects)";
        } else if (m.contains("unrecognized ssl message") || m.contains("plaintext")) {
            reason = "the peer does not speak TLS (is it using plain TCP?)";
        } else if (m.contains("protocol_version") || m.contains("no appropriate protocol")) {
            reason = "the peer does not speak TLS 1.3";
        } else if (m.contains("handshake_failure") || m.contains("no cipher suites")) {
            reason = "no cipher suite or key type in common with the peer";
        } else if (e instanceof EOFException || m.contains("remote host terminated")
                || m.contains("connection reset") || m.contains("broken pipe")
                || m.contains("socket closed") || m.contains("socket is closed")) {
            reason = "the peer closed the connection during the handshake (it may not speak TLS,"
                    + " or may not accept this side's certificate)";
        } else {
            reason = Printable.ascii(e.getMessage());
        }
        return new TlsHandshakeException(head + reason, e);
    }
}
