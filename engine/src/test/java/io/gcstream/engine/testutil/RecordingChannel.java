package io.gcstream.engine.testutil;

import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;

/** Hashes (SHA-256) every byte written through it, for transcript tests. */
public final class RecordingChannel implements Channel {
    private final Channel d;
    private final MessageDigest md;

    public RecordingChannel(Channel delegate) {
        this.d = delegate;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Hex SHA-256 of everything written so far (resets the digest). */
    public String sentHash() {
        StringBuilder sb = new StringBuilder();
        for (byte b : md.digest()) {
            sb.append(String.format("%02x", b));
        }
        return sb.toString();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        md.update(b, off, len);
        d.write(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        md.update(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
        d.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        md.update(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
        d.writeLong(v);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        ByteBuffer bb = ByteBuffer.allocate(8 * len).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < len; i++) {
            bb.putLong(a[off + i]);
        }
        md.update(bb.array());
        d.writeLongs(a, off, len);
    }

    @Override
    public void flush() throws IOException {
        d.flush();
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        d.readFully(b, off, len);
    }

    @Override
    public int readInt() throws IOException {
        return d.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return d.readLong();
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        d.readLongs(a, off, len);
    }

    @Override
    public long bytesSent() {
        return d.bytesSent();
    }

    @Override
    public long bytesReceived() {
        return d.bytesReceived();
    }

    @Override
    public String peer() {
        return d.peer();
    }

    @Override
    public void close() throws IOException {
        d.close();
    }
}
