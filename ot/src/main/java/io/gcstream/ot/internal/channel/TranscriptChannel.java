package io.gcstream.ot.internal.channel;

import io.gcstream.ot.internal.DuplexChannel;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Hashes (SHA-256) exactly the bytes sent through it, as they go on the wire (little-endian
 * numbers). With seeded, deterministic parties this pins a protocol's transcript: a change that
 * alters a single byte on the wire changes the hash. For tests and audits; it allocates per
 * call, so keep it off production paths.
 */
public final class TranscriptChannel extends ForwardingChannel implements DuplexChannel {
    private final MessageDigest sent;

    public TranscriptChannel(Channel delegate) {
        super(delegate);
        try {
            sent = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** Hex SHA-256 of everything sent since the last call (the digest restarts). */
    public String sentHash() {
        return HexFormat.of().formatHex(sent.digest());
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        sent.update(b, off, len);
        delegate.write(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        sent.update(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
        delegate.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        sent.update(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
        delegate.writeLong(v);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        ByteBuffer bb = ByteBuffer.allocate(8 * len).order(ByteOrder.LITTLE_ENDIAN);
        bb.asLongBuffer().put(a, off, len);
        sent.update(bb.array());
        delegate.writeLongs(a, off, len);
    }
}
