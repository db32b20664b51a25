package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Objects;

/**
 * Opens a session's connection: listens on a port or connects to a peer, and hands the channel
 * to the session's greeting (its handshake), which then owns it. Internal; used by
 * {@code GcSession}'s {@code listen} and {@code connect}.
 */
public final class Connector {
    private Connector() {
    }

    /** What is done with a bound server socket, which the caller closes afterwards. */
    public interface OnServer<T> {
        T accept(ServerSocket server) throws IOException;
    }

    /**
     * Binds {@code port} of every interface of this machine (address reuse on), runs
     * {@code accept} on it and closes it.
     *
     * @throws IllegalArgumentException if {@code port} is not in 0..65535
     * @throws IOException              if the port cannot be bound, or as {@code accept} throws
     */
    public static <T> T listen(int port, Transport transport, OnServer<T> accept) throws IOException {
        Objects.requireNonNull(transport, "transport");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535, got " + port);
        }
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(port));
            return accept.accept(server);
        }
    }

    /**
     * Connects to {@code host:port} with {@code transport} and {@code channel}'s settings (as
     * {@link Transport#connect} does) and greets the peer with {@code greet}, which owns the
     * channel from then on (on failure it has closed it).
     */
    public static <T> T connect(String host, int port, Transport transport, ChannelOptions channel,
            Listener.Greeter<T> greet) throws IOException {
        return greet.greet(transport.connect(host, port, channel));
    }
}
