package io.gcstream.examples;

import io.gcstream.engine.GcSession;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import java.io.IOException;

/**
 * How the examples connect one party to the other: the creator listens on a port, the
 * evaluator connects to it. Everything else in an example is the computation itself.
 */
final class Connect {
    private Connect() {
    }

    /** The creator's session: waits for the evaluator on {@code port}. */
    static Connected creator(int port) throws IOException {
        Channel ch = TcpChannel.accept(port, ChannelOptions.defaults());
        return new Connected(ch, GcSession.creator(ch, SessionOptions.defaults()));
    }

    /** The evaluator's session: connects to the creator at {@code host:port}. */
    static Connected evaluator(String host, int port) throws IOException {
        Channel ch = TcpChannel.connect(host, port, ChannelOptions.defaults());
        return new Connected(ch, GcSession.evaluator(ch, SessionOptions.defaults()));
    }

    /** A session and the channel it owns; closing closes the connection. */
    record Connected(Channel channel, GcSession session) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
