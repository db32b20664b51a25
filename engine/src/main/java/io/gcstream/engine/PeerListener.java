package io.gcstream.engine;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import io.gcstream.ot.internal.TlsPolicy;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A listener that waits for its real peer: it accepts connections on a server socket and greets
 * each (the first exchange of the caller's protocol, e.g. a session's {@link GcSession#handshake()}),
 * closing and reporting those that are not a gcstream party, until one is. What
 * {@link GcSession#listen} does, for a caller with its own first exchange or its own report of
 * rejected connections (the {@code gc} command).
 *
 * <pre>{@code
 * try (ServerSocket server = new ServerSocket(7766)) {
 *     GcSession s = PeerListener.accept(server, transport, ChannelOptions.defaults(), log::warn, ch -> {
 *         GcSession session = GcSession.creator(ch, options);
 *         session.handshake(); // a probe fails here
 *         return session;
 *     });
 * }
 * }</pre>
 */
public final class PeerListener {
    private PeerListener() {
    }

    /** The first exchange with a freshly connected peer, which tells a real peer from a probe. */
    @FunctionalInterface
    public interface Greeter<T> {
        /** Greets the peer on {@code ch}; owns {@code ch} once it returns. */
        T greet(TcpChannel ch) throws IOException;
    }

    /**
     * Accepts connections on {@code server} (bound by the caller, who keeps it) with
     * {@code transport} and greets each with {@code greet}, until one is a real peer; returns
     * what its greeting gave. A connection that fails its TLS handshake or turns out not to be a
     * gcstream party (its greeting failed with a {@link HandshakeMismatchException} that
     * {@linkplain HandshakeMismatchException#isNotAPeer() is not a peer}, or it closed or stayed
     * silent before sending anything) is closed and reported to {@code rejected} in one line, for
     * at most 10 such connections and {@code options}'
     * connect timeout in all. A real peer whose greeting fails ends it with the greeting's
     * exception; the channel is then closed here.
     *
     * @throws IOException if no peer connected within the connect timeout
     *                     ({@link PeerTimeoutException}) or too many connections failed, or as
     *                     {@code greet} throws
     */
    public static <T> T accept(ServerSocket server, Transport transport, ChannelOptions options,
            Consumer<String> rejected, Greeter<T> greet) throws IOException {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(rejected, "rejected");
        Objects.requireNonNull(greet, "greet");
        String where = server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        int refused = 0;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new PeerTimeoutException("no gcstream peer connected to " + where + " within "
                        + options.connectTimeout().toSeconds() + " s (" + refused + " other connections rejected)");
            }
            // After a rejected connection, only what is left of the connect timeout remains.
            ChannelOptions wait = refused == 0 ? options
                    : options.toBuilder().connectTimeout(Duration.ofNanos(left)).build();
            TcpChannel ch = transport.accept(server, wait, rejected);
            try {
                return greet.greet(ch);
            } catch (IOException | RuntimeException e) {
                ch.close();
                if (!isProbe(e, ch)) {
                    throw e;
                }
                rejected.accept(ch.peer() + " is not a gcstream peer: " + e.getMessage());
                if (++refused >= TlsPolicy.MAX_FAILED_HANDSHAKES) {
                    throw new PeerTimeoutException("gave up listening on " + where + " after " + refused
                            + " connections that were not a gcstream peer");
                }
            }
        }
    }

    /**
     * Whether a failed greeting came from something that is not a gcstream party: it sent
     * bytes that are not a hello, or closed or stayed silent before sending anything.
     */
    static boolean isProbe(Throwable e, Channel ch) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof HandshakeMismatchException h && h.isNotAPeer()) {
                return true;
            }
            if ((c instanceof PeerClosedException || c instanceof PeerTimeoutException) && ch.bytesReceived() == 0) {
                return true;
            }
        }
        return false;
    }
}
