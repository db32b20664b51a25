package io.gcstream.benchmarks.party;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The bytes one party sent, recorded as it sends them (a {@link ForwardingChannel} around its
 * channel), to replay to a later run of its peer alone ({@link ReplayChannel}).
 */
final class Recording extends ForwardingChannel {
    private byte[] data;
    private int size;
    private final ByteBuffer scratch = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);

    /** Records what is sent on {@code delegate}; {@code expected} bytes are allocated at once. */
    Recording(Channel delegate, int expected) {
        super(delegate);
        this.data = new byte[Math.max(1024, expected)];
    }

    /** The bytes sent so far. */
    byte[] bytes() {
        return Arrays.copyOf(data, size);
    }

    private void add(byte[] b, int off, int len) {
        if (size + len > data.length) {
            data = Arrays.copyOf(data, Math.max(2 * data.length, size + len));
        }
        System.arraycopy(b, off, data, size, len);
        size += len;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        add(b, off, len);
        super.write(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        scratch.clear();
        scratch.putInt(v);
        add(scratch.array(), 0, 4);
        super.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        scratch.clear();
        scratch.putLong(v);
        add(scratch.array(), 0, 8);
        super.writeLong(v);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        if (size + 8L * len > data.length) {
            data = Arrays.copyOf(data, (int) Math.max(2L * data.length, size + 8L * len));
        }
        for (int i = 0; i < len; i++) {
            ReplayChannel.LONGS.set(data, size, a[off + i]);
            size += 8;
        }
        super.writeLongs(a, off, len);
    }
}
