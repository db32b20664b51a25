package io.gcstream.spark.internal;

import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.TcpChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * The client side of {@link Endpoint}: one request, one answer, over a new connection, every
 * wait bounded. Internal.
 */
public final class Requests {
    private Requests() {
    }

    /**
     * Asks this party's own driver at {@code host:port} over the party-internal TLS; refused
     * connections are retried until {@code connectTimeout}.
     */
    public static Frames.In internal(PartyKeys keys, String host, int port, byte[] request, Duration connectTimeout)
            throws IOException {
        long deadline = System.nanoTime() + connectTimeout.toNanos();
        IOException last;
        do {
            Socket raw = new Socket();
            try {
                raw.connect(new InetSocketAddress(host, port), (int) Math.max(1, Math.min(Integer.MAX_VALUE,
                        (deadline - System.nanoTime()) / 1_000_000)));
                raw.setSoTimeout((int) Endpoint.REQUEST_TIMEOUT.toMillis());
                try (Socket s = keys.internalClient(raw, host, port)) {
                    Frames.Link link = Frames.over(s);
                    link.send(request);
                    return new Frames.In(link.receive(Frames.SMALL), "this party's driver at " + host + ":" + port);
                }
            } catch (java.net.ConnectException e) {
                raw.close();
                last = e;
                pause();
            } catch (IOException e) {
                raw.close();
                throw new IOException("this party's driver at " + host + ":" + port + ": " + Frames.line(e), e);
            }
        } while (System.nanoTime() - deadline < 0);
        throw new IOException("could not reach this party's driver at " + host + ":" + port + " within "
                + connectTimeout.toMillis() + " ms: " + Frames.line(last), last);
    }

    /** Asks the creator's published endpoint, as the evaluator (TLS pinned to the creator). */
    public static Frames.In published(PartyKeys keys, PairSettings o, byte[] request) throws IOException {
        ChannelOptions co = ChannelOptions.builder().connectTimeout(o.connectTimeout())
                .readTimeout(Endpoint.REQUEST_TIMEOUT).writeTimeout(Endpoint.REQUEST_TIMEOUT).bufferSize(1 << 16)
                .build();
        try (TcpChannel ch = keys.peer().connect(o.endpointHost(), o.endpointPort(), co);
                Frames.Link link = Frames.over(ch)) {
            link.send(request);
            return new Frames.In(link.receive(Frames.SMALL), "the creator's endpoint at " + o.endpointHost() + ":"
                    + o.endpointPort());
        } catch (IOException e) {
            throw new IOException("the creator's endpoint at " + o.endpointHost() + ":" + o.endpointPort() + ": "
                    + Frames.line(e), e);
        }
    }

    /** The answer's text after an {@link Endpoint#ERR} or {@link Endpoint#RETRY}. */
    static String error(Frames.In in) throws IOException {
        return in.text();
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted");
        }
    }
}
