package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import java.io.IOException;
import java.util.Arrays;

/** A memory channel that hashes everything it sends (to compare transcripts). */
final class RecordingChannel implements Channel {
    private final Channel inner;
    private long hash = 17;

    private RecordingChannel(Channel inner) {
        this.inner = inner;
    }

    static RecordingChannel[] pair() {
        MemoryChannel[] p = MemoryChannel.pair();
        return new RecordingChannel[] {new RecordingChannel(p[0]), new RecordingChannel(p[1])};
    }

    long sentHash() {
        return hash;
    }

    private void mix(long v) {
        hash = hash * 0x9E3779B97F4A7C15L + v;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        mix(Arrays.hashCode(Arrays.copyOfRange(b, off, off + len)));
        inner.write(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        mix(v);
        inner.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        mix(v);
        inner.writeLong(v);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        for (int i = 0; i < len; i++) {
            mix(a[off + i]);
        }
        inner.writeLongs(a, off, len);
    }

    @Override
    public void flush() throws IOException {
        inner.flush();
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        inner.readFully(b, off, len);
    }

    @Override
    public int readInt() throws IOException {
        return inner.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return inner.readLong();
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        inner.readLongs(a, off, len);
    }

    @Override
    public long bytesSent() {
        return inner.bytesSent();
    }

    @Override
    public long bytesReceived() {
        return inner.bytesReceived();
    }

    @Override
    public String peer() {
        return inner.peer();
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }
}
