package io.gcstream.ot.internal.channel;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.TunedChannel;
import java.io.IOException;
import java.util.Objects;

/**
 * A {@link Channel} that passes every call to another one: the base of decorators (transcript
 * recording, fault injection, logging), which override only what they change. Internal: for
 * gcstream's tests and benchmarks.
 */
public abstract class ForwardingChannel implements TunedChannel {
    /** The channel calls are passed to. */
    protected final Channel delegate;

    protected ForwardingChannel(Channel delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        delegate.write(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        delegate.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        delegate.writeLong(v);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        delegate.writeLongs(a, off, len);
    }

    @Override
    public void flush() throws IOException {
        delegate.flush();
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        delegate.readFully(b, off, len);
    }

    @Override
    public int readInt() throws IOException {
        return delegate.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return delegate.readLong();
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        delegate.readLongs(a, off, len);
    }

    @Override
    public long bytesSent() {
        return delegate.bytesSent();
    }

    @Override
    public long bytesReceived() {
        return delegate.bytesReceived();
    }

    @Override
    public void deadline(long nanoTime, String phase) {
        delegate.deadline(nanoTime, phase);
    }

    @Override
    public void clearDeadline() {
        delegate.clearDeadline();
    }

    @Override
    public int writeBufferSize() {
        return TunedChannel.writeBufferSizeOf(delegate);
    }

    @Override
    public boolean reserveUnread(int bytes) {
        return TunedChannel.reservesUnread(delegate, bytes);
    }

    @Override
    public boolean plainOffLoopback() {
        return TunedChannel.isPlainOffLoopback(delegate);
    }

    @Override
    public String peer() {
        return delegate.peer();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
