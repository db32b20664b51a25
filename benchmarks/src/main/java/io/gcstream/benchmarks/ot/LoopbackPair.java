package io.gcstream.benchmarks.ot;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two connected loopback TCP channels in one JVM plus a thread for the "other" party, shared by
 * the OT benchmarks.
 */
final class LoopbackPair implements AutoCloseable {
    /** Runs the peer party; one daemon thread. */
    final ExecutorService peer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "ot-bench-peer");
        t.setDaemon(true);
        return t;
    });
    final TcpChannel a;
    final TcpChannel b;

    LoopbackPair() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Future<TcpChannel> acc = peer.submit(
                    () -> Transport.plain().accept(server, ChannelOptions.defaults()));
            b = Transport.plain().connect("127.0.0.1", server.getLocalPort(), ChannelOptions.defaults());
            a = acc.get();
        }
    }

    /** Sets up an OT-extension session: sender on {@link #a} (peer thread), receiver on {@link #b}. */
    Object[] otSessions(OtOptions o) throws Exception {
        Future<OtExtensionSender> s = peer.submit(() -> OtExtensionSender.setup(a, o));
        OtExtensionReceiver r = OtExtensionReceiver.setup(b, o);
        return new Object[] {s.get(), r};
    }

    interface Part {
        void run() throws Exception;
    }

    /** Runs {@code peerPart} on the peer thread and {@code myPart} here; waits for both. */
    void both(Part peerPart, Part myPart) throws Exception {
        Future<Void> f = peer.submit(() -> {
            peerPart.run();
            return null;
        });
        myPart.run();
        try {
            f.get();
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }

    @Override
    public void close() throws IOException {
        a.close();
        b.close();
        peer.shutdownNow();
    }
}
