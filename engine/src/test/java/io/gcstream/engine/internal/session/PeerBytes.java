package io.gcstream.engine.internal.session;

import io.gcstream.circuits.SafeText;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.PeerClosedException;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Fuzz-target plumbing: one end of a {@link MemoryChannel} pair whose peer has sent exactly
 * the given bytes and closed, so reading past them fails at once with the channel's own
 * "peer closed" error. What this end writes is dropped (the peer is gone, and the parsers under
 * test write their own view first).
 */
final class PeerBytes {
    /** Most bytes fed: within the pipe's capacity, so the peer never waits for a reader. */
    static final int MAX = 128 * 1024;

    private PeerBytes() {
    }

    static Channel channel(byte[] data) throws IOException {
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        Channel peer = pair[1];
        peer.write(data, 0, Math.min(data.length, MAX));
        peer.flush();
        peer.close();
        return new ForwardingChannel(pair[0]) {
            @Override
            public void write(byte[] b, int off, int len) {
            }

            @Override
            public void writeInt(int v) {
            }

            @Override
            public void writeLong(long v) {
            }

            @Override
            public void writeLongs(long[] a, int off, int len) {
            }

            @Override
            public void flush() {
            }
        };
    }

    /**
     * The only acceptable failure of a parser fed by a peer: an {@link IOException} or a
     * {@code SessionException} whose message is one printable line (a peer must not be able to
     * forge lines of our output).
     */
    static void requireCleanFailure(Exception e) {
        String m = e.getMessage();
        if (m == null || !SafeText.line(m).equals(m)) {
            throw new AssertionError("not one printable line: " + m, e);
        }
    }

    /** Text this side prints about what the peer sent: one printable line. */
    static void requirePrintable(String s) {
        if (!SafeText.line(s).equals(s)) {
            throw new AssertionError("not one printable line: " + s);
        }
    }

    /** Writes a message. */
    interface Message {
        void write(Channel ch) throws IOException;
    }

    /** The bytes {@code message} puts on the wire: seeds made by this project's own writers. */
    static byte[] capture(Message message) throws IOException {
        Channel[] pair = MemoryChannel.pair(ChannelOptions.defaults());
        message.write(pair[0]);
        pair[0].flush();
        pair[0].close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] one = new byte[1];
        try {
            while (true) {
                pair[1].readFully(one, 0, 1);
                out.write(one[0]);
            }
        } catch (PeerClosedException end) {
            return out.toByteArray();
        } finally {
            pair[1].close();
        }
    }
}
