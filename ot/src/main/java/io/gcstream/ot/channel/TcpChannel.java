package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Objects;

/**
 * A {@link Channel} over one TCP connection, with {@code TCP_NODELAY} and user-space buffers of
 * {@link ChannelOptions#bufferSize()} bytes: small writes are collected and hit the socket only
 * when the buffer is full or on {@link #flush()}. The byte stream is not framed.
 *
 * <p>Reads wait at most {@link ChannelOptions#readTimeout()} for the peer. A write to a peer that
 * stopped reading can block in the kernel once both socket buffers are full; the protocols above
 * never make both parties write unboundedly without reading, so this does not happen between
 * correct peers, and a dead peer's connection is reset by the OS.
 *
 * <p>One writer thread and one reader thread may use a channel concurrently.
 */
public final class TcpChannel extends BufferedChannel {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String peer;

    private TcpChannel(Socket socket, ChannelOptions o) throws IOException {
        super(o);
        this.socket = socket;
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(o.readTimeoutMillis());
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.peer = socket.getInetAddress().getHostAddress() + ":" + socket.getPort();
    }

    /**
     * Connects to {@code host:port}, retrying refused connections (the listener may start a bit
     * later) until {@link ChannelOptions#connectTimeout()} has passed.
     *
     * @throws PeerTimeoutException if no connection could be made within the connect timeout
     */
    public static TcpChannel connect(String host, int port, ChannelOptions o) throws IOException {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(o, "options");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
        long deadline = System.nanoTime() + o.connectTimeout().toNanos();
        IOException last = null;
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
                return new TcpChannel(s, o);
            } catch (ConnectException | NoRouteToHostException | SocketTimeoutException e) {
                s.close();
                last = e;
                sleepQuietly(Math.min(50, left));
            } catch (IOException | RuntimeException e) {
                s.close();
                throw e;
            }
        }
    }

    /**
     * Listens on {@code port} (0 = any free port), accepts one peer within the connect timeout and
     * closes the listening socket.
     */
    public static TcpChannel accept(int port, ChannelOptions o) throws IOException {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535, got " + port);
        }
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(port));
            return accept(server, o);
        }
    }

    /**
     * Accepts one peer on an already bound {@code server} within the connect timeout. The server
     * socket stays open (the caller owns it).
     */
    public static TcpChannel accept(ServerSocket server, ChannelOptions o) throws IOException {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(o, "options");
        int old = server.getSoTimeout();
        server.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE,
                o.connectTimeout().toMillis())));
        Socket s;
        try {
            s = server.accept();
        } catch (SocketTimeoutException e) {
            throw new PeerTimeoutException("no peer connected to port " + server.getLocalPort()
                    + " within " + o.connectTimeout().toMillis() + " ms", e);
        } finally {
            if (!server.isClosed()) {
                server.setSoTimeout(old);
            }
        }
        try {
            return new TcpChannel(s, o);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    @Override
    void sendRaw(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            if (isClosed()) {
                throw new PeerClosedException("channel to " + peer + " is closed", e);
            }
            throw new PeerClosedException("connection to peer " + peer + " broke while sending "
                    + len + " bytes: " + e.getMessage(), e);
        }
    }

    @Override
    int receiveRaw(byte[] b, int off, int len) throws IOException {
        try {
            int r = in.read(b, off, len);
            return r < 0 ? EOF : r;
        } catch (SocketTimeoutException e) {
            return TIMEOUT;
        } catch (SocketException e) {
            // Reset by the peer, or closed by us from another thread: either way, no more data.
            return EOF;
        }
    }

    @Override
    void closeRaw() throws IOException {
        socket.close();
    }

    @Override
    public String peer() {
        return peer;
    }

    /** The local port of the connection (for logging and tests). */
    public int localPort() {
        return socket.getLocalPort();
    }

    @Override
    public String toString() {
        return "TcpChannel[" + peer + "]";
    }

    private static void sleepQuietly(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while connecting");
        }
    }
}
