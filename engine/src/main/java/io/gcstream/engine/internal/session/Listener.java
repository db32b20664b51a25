package io.gcstream.engine.internal.session;

import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A listener that waits for its real peer: it accepts connections and greets each (the
 * protocol's first exchange), closing and reporting those that are not a gcstream party, until
 * one is. Shared by {@code GcSession.listen} and the {@code gc} command.
 */
public final class Listener {
    private Listener() {
    }

    /** The first exchange with a freshly connected peer, which tells a real peer from a probe. */
    public interface Greeter<T> {
        T greet(TcpChannel ch) throws IOException;
    }

    /**
     * Accepts connections on {@code server} with {@code transport} and greets each with
     * {@code greet}, until one is a real peer; returns what its greeting gave. A connection that
     * fails its TLS handshake or turns out to be a probe ({@link #isProbe}) is closed and reported
     * to {@code rejected} (one line), for at most {@link Transport#MAX_FAILED_HANDSHAKES} such
     * connections and {@code o}'s connect timeout in all; a real peer that disagrees ends it
     * with the greeting's exception. The greeting owns the channel once it returns; if it throws,
     * the channel is closed here.
     */
    public static <T> T accept(ServerSocket server, Transport transport, ChannelOptions o,
            Consumer<String> rejected, Greeter<T> greet) throws IOException {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(o, "options");
        String where = server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
        long deadline = System.nanoTime() + o.connectTimeout().toNanos();
        int refused = 0;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new PeerTimeoutException("no gcstream peer connected to " + where + " within "
                        + o.connectTimeout().toSeconds() + " s (" + refused + " other connections rejected)");
            }
            // After a rejected connection, only what is left of the connect timeout remains.
            ChannelOptions wait = refused == 0 ? o : o.toBuilder().connectTimeout(Duration.ofNanos(left)).build();
            TcpChannel ch = transport.accept(server, wait, rejected);
            try {
                return greet.greet(ch);
            } catch (IOException | RuntimeException e) {
                ch.close();
                if (!isProbe(e, ch)) {
                    throw e;
                }
                rejected.accept(ch.peer() + " is not a gcstream peer: " + e.getMessage());
                if (++refused >= Transport.MAX_FAILED_HANDSHAKES) {
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
    public static boolean isProbe(Throwable e, Channel ch) {
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
