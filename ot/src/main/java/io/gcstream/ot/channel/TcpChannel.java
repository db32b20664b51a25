package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;

/**
 * A {@link Channel} over one TCP connection, plain or TLS (see {@link Transport}), with
 * {@code TCP_NODELAY} and user-space buffers of {@link ChannelOptions#bufferSize()} bytes: small
 * writes are collected and hit the socket only when the buffer is full or on {@link #flush()}.
 * The byte stream is not framed.
 *
 * <p>Every blocking socket call has a deadline: the read or write timeout, or the phase deadline
 * when that comes first. Reads use {@code SO_TIMEOUT}; writes (which Java cannot time out) and
 * TLS reads are also watched by a shared daemon thread that closes the socket of a call still
 * blocked past its deadline, so a peer that stops reading or trickles bytes fails the call with
 * a {@link PeerTimeoutException} within about 50 ms of the deadline. The connection is unusable
 * after a timeout.
 *
 * <p>One writer thread and one reader thread may use a channel concurrently. Close channels:
 * an open one stays watched.
 */
public final class TcpChannel extends BufferedChannel {
    /** Longest a TLS close_notify may take when closing (the peer may not read any more). */
    private static final long CLOSE_GRACE_NANOS = 1_000_000_000L;

    private final Socket raw;
    private final Socket socket;
    private final SocketGuard guard;
    private final InputStream in;
    /** The TCP socket's own stream: under TLS, where the encrypted bytes arrive. */
    private final InputStream rawIn;
    private final OutputStream out;
    private final String peer;
    private final long writeTimeoutNanos;
    /** {@link ChannelOptions#readPoll()} in nanoseconds. */
    private final long pollNanos;
    /** The SO_TIMEOUT currently set (only the reader thread touches it). */
    private int soTimeout = -1;

    /**
     * A channel over {@code socket}, which is {@code raw} (with {@code TCP_NODELAY} set) or a TLS
     * socket layered on it, whose handshake is done; {@code guard} watches {@code raw}.
     */
    TcpChannel(Socket raw, Socket socket, SocketGuard guard, ChannelOptions o) throws IOException {
        super(o);
        this.raw = raw;
        this.socket = socket;
        this.guard = guard;
        this.in = socket.getInputStream();
        this.rawIn = raw == socket ? in : raw.getInputStream();
        this.out = socket.getOutputStream();
        this.peer = address(raw.getInetAddress(), raw.getPort());
        this.writeTimeoutNanos = Timeouts.nanos(o.writeTimeout());
        this.pollNanos = o.readPoll().toNanos();
    }

    @Override
    boolean sendRaw(byte[] b, int off, int len, long deadline) throws IOException {
        guard.begin(SocketGuard.WRITE, deadline);
        try {
            out.write(b, off, len);
            return true;
        } catch (IOException e) {
            if (guard.fired() == SocketGuard.WRITE) {
                return false;
            }
            if (guard.fired() == SocketGuard.READ) {
                throw new PeerTimeoutException("connection to peer " + peer + " was closed"
                        + " because a read from it timed out", e);
            }
            if (isClosed()) {
                throw new PeerClosedException("channel to " + peer + " is closed", e);
            }
            throw new PeerClosedException("connection to peer " + peer + " broke while sending "
                    + len + " bytes: " + e.getMessage(), e);
        } finally {
            guard.end(SocketGuard.WRITE);
        }
    }

    /**
     * Polls for data for up to {@link ChannelOptions#readPoll()} before a read that would block
     * (why: see there). Bounded by the deadline too; the read that follows reports anything
     * wrong.
     */
    private void awaitData(long deadline) {
        try {
            if (pollNanos <= 0 || in.available() > 0) {
                return;
            }
            long now = System.nanoTime();
            // Deadlines compare by subtraction (Timeouts): no Math.min on clock values.
            long until = now + Math.min(pollNanos, Math.max(0, deadline - now));
            while (rawIn.available() == 0 && System.nanoTime() - until < 0) {
                Thread.onSpinWait();
            }
        } catch (IOException e) {
            // Closed or reset: the read reports it.
        }
    }

    @Override
    int receiveRaw(byte[] b, int off, int len, long deadline) throws IOException {
        guard.begin(SocketGuard.READ, deadline);
        try {
            int ms = Timeouts.millisLeft(deadline, System.nanoTime());
            if (ms != soTimeout) {
                raw.setSoTimeout(ms);
                soTimeout = ms;
            }
            awaitData(deadline);
            int r = in.read(b, off, len);
            return r < 0 ? EOF : r;
        } catch (SocketTimeoutException e) {
            return TIMEOUT;
        } catch (IOException e) {
            int fired = guard.fired();
            if (fired == SocketGuard.READ) {
                return TIMEOUT;
            }
            if (fired == SocketGuard.WRITE) {
                throw new PeerTimeoutException("connection to peer " + peer + " was closed"
                        + " because a write to it timed out", e);
            }
            if (e instanceof SSLException && !isClosed()) {
                // Authentication of a record failed, or the peer sent an alert: the stream was
                // altered or the peer gave up; either way nothing more can be trusted.
                throw new PeerClosedException("TLS connection to peer " + peer + " failed: "
                        + e.getMessage(), e);
            }
            // Reset by the peer, or closed by us from another thread: either way, no more data.
            return EOF;
        } finally {
            guard.end(SocketGuard.READ);
        }
    }

    @Override
    void closeRaw(boolean failed) throws IOException {
        try {
            if (socket != raw && !failed) {
                // TLS close_notify: a record write, bounded like any other. With a read timeout
                // set, JSSE's close also waits for the peer's close_notify; SO_TIMEOUT 0 makes
                // it skip that wait (the peer may close much later, or never).
                guard.begin(SocketGuard.WRITE, System.nanoTime()
                        + Math.min(writeTimeoutNanos, CLOSE_GRACE_NANOS));
                try {
                    raw.setSoTimeout(0);
                    socket.close();
                } catch (IOException e) {
                    // Best effort: the raw socket is closed below in any case.
                } finally {
                    guard.end(SocketGuard.WRITE);
                }
            }
        } finally {
            guard.release();
            raw.close();
        }
    }

    @Override
    String peerName() {
        return peer;
    }

    /**
     * Send buffer asked for by {@link #reserve} when the socket's is too small: setting it
     * turns off the kernel's growing of it, so it is asked large enough for later bulk transfers.
     */
    static final int RESERVED_SEND_BUFFER = 1 << 18;

    /**
     * True if the socket's send buffer holds {@code bytes} beside what is buffered here, taking
     * half of what the socket reports (Linux reports twice what it lets queue); if it does not,
     * asks for a larger one ({@link #RESERVED_SEND_BUFFER} at least) and says whether it got it.
     */
    @Override
    boolean reserve(int bytes) {
        long need = (long) bytes + buffered();
        try {
            if (raw.getSendBufferSize() / 2 >= need) {
                return true;
            }
            raw.setSendBufferSize((int) Math.min(Integer.MAX_VALUE, Math.max(2 * need, RESERVED_SEND_BUFFER)));
            return raw.getSendBufferSize() / 2 >= need;
        } catch (IOException e) {
            return false;
        }
    }

    /** True for plain TCP to a peer whose address is not a loopback address. */
    @Override
    boolean offLoopback() {
        return !isSecure() && !raw.getInetAddress().isLoopbackAddress();
    }

    /** True if the connection is TLS (see {@link Transport#tls}). */
    public boolean isSecure() {
        return socket instanceof SSLSocket;
    }

    /**
     * What protects the connection, for logs: {@code plain TCP}, or the TLS version, cipher
     * suite and the peer's certificate subject, e.g. {@code TLSv1.3 TLS_AES_256_GCM_SHA384, peer
     * CN=evaluator} (the subject's characters outside printable ASCII written as RFC 4514
     * escapes: it comes from the peer).
     */
    public String security() {
        if (!(socket instanceof SSLSocket s)) {
            return "plain TCP";
        }
        String who = peerCertificate().map(Printable::subject).orElse("unknown");
        return s.getSession().getProtocol() + " " + s.getSession().getCipherSuite() + ", peer "
                + who;
    }

    /** The certificate the peer authenticated with (TLS only). */
    Optional<X509Certificate> peerCertificate() {
        if (!(socket instanceof SSLSocket s)) {
            return Optional.empty();
        }
        try {
            Certificate[] chain = s.getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate x
                    ? Optional.of(x) : Optional.empty();
        } catch (SSLPeerUnverifiedException e) {
            return Optional.empty();
        }
    }

    /** The local port of the connection (tests). */
    int localPort() {
        return raw.getLocalPort();
    }

    @Override
    String describe() {
        return "TcpChannel[" + peer + ", " + (isSecure() ? "TLS" : "plain") + "]";
    }

    /** {@code host:port}, with an IPv6 address in brackets. */
    static String address(InetAddress a, int port) {
        String h = a.getHostAddress();
        return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + port;
    }
}
