package io.gcstream.engine.testutil;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ForwardingChannel;
import java.io.IOException;

/**
 * A misbehaving decorator for fault tests: once {@code trigger} bytes have been written it
 * closes the connection ({@link Mode#DISCONNECT}), silently drops everything it is asked to
 * send ({@link Mode#STALL}), or flips one bit of the byte at offset {@code trigger}
 * ({@link Mode#FLIP}) — or, in {@link Mode#CRASH_ON_READ}, closes the connection once
 * {@code trigger} bytes have been read, like a party that dies while receiving. With
 * {@link Mode#FLIP} a {@code length} of consecutive bytes starting at {@code trigger} is flipped.
 */
public final class FaultyChannel extends ForwardingChannel {
    /** The misbehaviour. */
    public enum Mode { DISCONNECT, STALL, FLIP, CRASH_ON_READ }

    private final Mode mode;
    private final long trigger;
    private final int length;
    private long written;
    private boolean tripped;

    public FaultyChannel(Channel delegate, Mode mode, long trigger) {
        this(delegate, mode, trigger, 1);
    }

    public FaultyChannel(Channel delegate, Mode mode, long trigger, int length) {
        super(delegate);
        this.mode = mode;
        this.trigger = trigger;
        this.length = length;
    }

    private void readCheck() throws IOException {
        if (mode == Mode.CRASH_ON_READ && delegate.bytesReceived() >= trigger) {
            tripped = true;
            delegate.close();
            throw new IOException("simulated crash of this party while receiving");
        }
    }

    /** True once the fault has happened. */
    public boolean tripped() {
        return tripped;
    }

    /** Returns how many of the next {@code len} bytes may pass unharmed; trips the fault. */
    private boolean before(int len) throws IOException {
        if (mode == Mode.CRASH_ON_READ) {
            written += len;
            return true;
        }
        if (tripped && mode != Mode.FLIP) {
            return fault();
        }
        if (written + len <= trigger || written >= trigger + length) {
            written += len;
            return true;
        }
        tripped = true;
        return fault();
    }

    private boolean fault() throws IOException {
        switch (mode) {
            case DISCONNECT:
                delegate.close();
                throw new IOException("simulated crash of this party");
            case STALL:
                return false;
            default:
                return false;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        long at = written;
        if (before(len)) {
            delegate.write(b, off, len);
        } else if (mode == Mode.FLIP) {
            byte[] c = java.util.Arrays.copyOfRange(b, off, off + len);
            for (long p = Math.max(trigger, at); p < Math.min(trigger + length, at + len); p++) {
                c[(int) (p - at)] ^= 1;
            }
            written += len;
            delegate.write(c, 0, len);
        }
    }

    @Override
    public void writeInt(int v) throws IOException {
        byte[] b = new byte[4];
        for (int i = 0; i < 4; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        write(b, 0, 4);
    }

    @Override
    public void writeLong(long v) throws IOException {
        writeLongs(new long[] {v}, 0, 1);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        long at = written;
        if (before(8 * len)) {
            delegate.writeLongs(a, off, len);
        } else if (mode == Mode.FLIP) {
            long[] c = java.util.Arrays.copyOfRange(a, off, off + len);
            for (long p = Math.max(trigger, at); p < Math.min(trigger + length, at + 8L * len); p++) {
                int k = (int) (p - at);
                c[k / 8] ^= 1L << (8 * (k % 8));
            }
            written += 8L * len;
            delegate.writeLongs(c, 0, len);
        }
    }

    @Override
    public void flush() throws IOException {
        if (!(tripped && mode == Mode.STALL)) {
            delegate.flush();
        }
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        readCheck();
        delegate.readFully(b, off, len);
    }

    @Override
    public int readInt() throws IOException {
        readCheck();
        return delegate.readInt();
    }

    @Override
    public long readLong() throws IOException {
        readCheck();
        return delegate.readLong();
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        readCheck();
        delegate.readLongs(a, off, len);
    }




}
