package io.gcstream.benchmarks.party;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.PeerClosedException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One party's channel with nobody at the other end: reads return the bytes its peer sent in a
 * recorded run ({@link Recording}), writes are counted and dropped. For timing one party alone:
 * a read costs a copy, as from a channel's buffer, and a write nothing. Not thread-safe.
 */
final class ReplayChannel implements Channel {
    static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private final byte[] in;
    private int pos;
    private long sent;

    ReplayChannel(byte[] peerBytes) {
        this.in = peerBytes;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        sent += len;
    }

    @Override
    public void writeInt(int v) {
        sent += 4;
    }

    @Override
    public void writeLong(long v) {
        sent += 8;
    }

    @Override
    public void writeLongs(long[] a, int off, int len) {
        sent += 8L * len;
    }

    @Override
    public void flush() {
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        need(len);
        System.arraycopy(in, pos, b, off, len);
        pos += len;
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        int v = 0;
        for (int k = 3; k >= 0; k--) {
            v = (v << 8) | (in[pos + k] & 0xff);
        }
        pos += 4;
        return v;
    }

    @Override
    public long readLong() throws IOException {
        need(8);
        long v = get(pos);
        pos += 8;
        return v;
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        need(8L * len);
        for (int i = 0; i < len; i++) {
            a[off + i] = get(pos);
            pos += 8;
        }
    }

    private long get(int p) {
        return (long) LONGS.get(in, p);
    }

    private void need(long len) throws IOException {
        if (pos + len > in.length) {
            throw new PeerClosedException("the recorded peer sent only " + in.length + " bytes");
        }
    }

    @Override
    public long bytesSent() {
        return sent;
    }

    @Override
    public long bytesReceived() {
        return pos;
    }

    @Override
    public void deadline(long nanoTime, String phase) {
    }

    @Override
    public void clearDeadline() {
    }

    @Override
    public String peer() {
        return "recorded peer";
    }

    @Override
    public void close() {
    }
}
