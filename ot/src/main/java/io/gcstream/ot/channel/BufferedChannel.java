package io.gcstream.ot.channel;

import io.gcstream.ot.internal.DuplexChannel;
import io.gcstream.ot.internal.TunedChannel;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The buffering shared by all channels: one user-space buffer per direction, little-endian
 * encoding straight into it (no per-long stream call), and a transport underneath that only
 * sees large chunks. Subclasses supply the transport; this class turns its timeouts into
 * exceptions and enforces the phase deadline (see {@link Channel}).
 *
 * <p>Every transport call gets an absolute deadline: now plus the read or write timeout, or
 * the phase deadline when that comes first. Writes go to the transport in chunks of at most
 * one buffer, each with its own deadline, so a large write to a slow but live peer is bounded
 * per chunk, not as a whole.
 *
 * <p>Thread-safety: the write side and the read side each use their own buffer, so one writer
 * thread and one reader thread may work concurrently; the deadline may be set from any thread.
 */
abstract class BufferedChannel implements DuplexChannel, TunedChannel {
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** Transport's answer when the peer closed the stream. */
    static final int EOF = -1;
    /** Transport's answer when nothing arrived before the deadline. */
    static final int TIMEOUT = -2;

    /** A phase deadline: both fields in one immutable object, so they are read together. */
    private record Phase(long deadline, String name) {
    }

    private final byte[] out;
    private int outPos;
    private final byte[] in;
    private int inPos;
    private int inLim;
    private long sent;
    private long received;
    private final long readTimeoutNanos;
    private final long writeTimeoutNanos;
    private volatile Phase phase;
    private volatile boolean closed;
    /** A transport call failed (timeout, broken connection): close() must not wait on it. */
    private volatile boolean failed;

    BufferedChannel(ChannelOptions o) {
        this.out = new byte[o.bufferSize()];
        this.in = new byte[o.bufferSize()];
        this.readTimeoutNanos = Timeouts.nanos(o.readTimeout());
        this.writeTimeoutNanos = Timeouts.nanos(o.writeTimeout());
    }

    /**
     * Sends all {@code len} bytes to the peer, blocking at most until {@code deadline} (on the
     * {@link System#nanoTime()} clock); returns false if the deadline passed first (the
     * connection is then unusable). A broken connection is an exception.
     */
    abstract boolean sendRaw(byte[] b, int off, int len, long deadline) throws IOException;

    /**
     * Receives between 1 and {@code len} bytes, blocking at most until {@code deadline}; returns
     * the count, {@link #EOF} or {@link #TIMEOUT}.
     */
    abstract int receiveRaw(byte[] b, int off, int len, long deadline) throws IOException;

    /** Releases the transport. Called once; {@code failed}: a transport call failed before. */
    abstract void closeRaw(boolean failed) throws IOException;

    // ---------------------------------------------------------------- deadline

    @Override
    public final void deadline(long nanoTime, String phase) {
        this.phase = new Phase(nanoTime, phase == null ? "unnamed" : phase);
    }

    @Override
    public final void clearDeadline() {
        this.phase = null;
    }

    // ---------------------------------------------------------------- writing

    @Override
    public final void write(byte[] b, int off, int len) throws IOException {
        checkRange(b.length, off, len);
        ensureOpen();
        sent += len;
        if (len >= out.length) {
            // Large write: no point copying it through the buffer.
            flushBuffer();
            send(b, off, len);
            return;
        }
        int space = out.length - outPos;
        if (len > space) {
            System.arraycopy(b, off, out, outPos, space);
            outPos += space;
            flushBuffer();
            off += space;
            len -= space;
        }
        System.arraycopy(b, off, out, outPos, len);
        outPos += len;
    }

    @Override
    public final void writeInt(int v) throws IOException {
        ensureOpen();
        if (out.length - outPos < 4) {
            flushBuffer();
        }
        INT_LE.set(out, outPos, v);
        outPos += 4;
        sent += 4;
    }

    @Override
    public final void writeLong(long v) throws IOException {
        ensureOpen();
        if (out.length - outPos < 8) {
            flushBuffer();
        }
        LONG_LE.set(out, outPos, v);
        outPos += 8;
        sent += 8;
    }

    @Override
    public final void writeLongs(long[] a, int off, int len) throws IOException {
        checkRange(a.length, off, len);
        ensureOpen();
        sent += 8L * len;
        while (len > 0) {
            int room = (out.length - outPos) >>> 3;
            if (room == 0) {
                flushBuffer();
                continue;
            }
            int k = Math.min(room, len);
            byte[] o = out;
            int p = outPos;
            for (int i = 0; i < k; i++, p += 8) {
                LONG_LE.set(o, p, a[off + i]);
            }
            outPos = p;
            off += k;
            len -= k;
        }
    }

    @Override
    public final int writeBufferSize() {
        return out.length;
    }

    /*
     * The public methods a subclass would override are final here, each over a package-private
     * one, so that the public subclass declares no public method of its own for them.
     */

    @Override
    public final String peer() {
        return peerName();
    }

    /** The peer's name of {@link #peer()}. */
    abstract String peerName();

    @Override
    public final boolean reserveUnread(int bytes) {
        return reserve(bytes);
    }

    /** {@link #reserveUnread(int)} for this kind of channel. */
    abstract boolean reserve(int bytes);

    @Override
    public final boolean plainOffLoopback() {
        return offLoopback();
    }

    /** {@link #plainOffLoopback()} for this kind of channel: false unless it says otherwise. */
    boolean offLoopback() {
        return false;
    }

    @Override
    public final String toString() {
        return describe();
    }

    /** {@link #toString()} for this kind of channel. */
    abstract String describe();

    @Override
    public final void flush() throws IOException {
        ensureOpen();
        Phase p = phase;
        if (p != null && p.deadline - System.nanoTime() <= 0) {
            // A round boundary after the deadline fails even with nothing to send.
            failed = true;
            throw phaseOver(p, "was flushing " + outPos + " bytes to");
        }
        flushBuffer();
    }

    private void flushBuffer() throws IOException {
        if (outPos > 0) {
            int n = outPos;
            outPos = 0;
            send(out, 0, n);
        }
    }

    /** Hands {@code len} bytes to the transport, one buffer-sized chunk per deadline. */
    private void send(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            int k = Math.min(len, out.length);
            long now = System.nanoTime();
            long deadline = now + writeTimeoutNanos;
            Phase p = phase;
            boolean byPhase = false;
            if (p != null) {
                if (p.deadline - now <= 0) {
                    failed = true;
                    throw phaseOver(p, "was sending " + len + " more bytes to");
                }
                if (p.deadline - deadline < 0) {
                    deadline = p.deadline;
                    byPhase = true;
                }
            }
            boolean done;
            try {
                done = sendRaw(b, off, k, deadline);
            } catch (IOException | RuntimeException e) {
                failed = true;
                throw e;
            }
            if (!done) {
                failed = true;
                if (byPhase) {
                    throw phaseOver(p, "was sending " + len + " more bytes to");
                }
                throw new PeerTimeoutException("write to peer " + peer() + " timed out: it took"
                        + " no data for " + writeTimeoutNanos / 1_000_000 + " ms while this side"
                        + " was sending " + len + " more bytes");
            }
            off += k;
            len -= k;
        }
    }

    // ---------------------------------------------------------------- reading

    @Override
    public final void readFully(byte[] b, int off, int len) throws IOException {
        checkRange(b.length, off, len);
        ensureOpen();
        int total = len;
        int avail = inLim - inPos;
        int k = Math.min(avail, len);
        System.arraycopy(in, inPos, b, off, k);
        inPos += k;
        off += k;
        len -= k;
        if (len >= in.length) {
            // Large read: straight into the caller's array.
            while (len > 0) {
                int r = receive(b, off, len, len);
                off += r;
                len -= r;
            }
        } else if (len > 0) {
            fill(len);
            System.arraycopy(in, inPos, b, off, len);
            inPos += len;
        }
        received += total;
    }

    @Override
    public final int readInt() throws IOException {
        ensureOpen();
        fill(4);
        int v = (int) INT_LE.get(in, inPos);
        inPos += 4;
        received += 4;
        return v;
    }

    @Override
    public final long readLong() throws IOException {
        ensureOpen();
        fill(8);
        long v = (long) LONG_LE.get(in, inPos);
        inPos += 8;
        received += 8;
        return v;
    }

    @Override
    public final void readLongs(long[] a, int off, int len) throws IOException {
        checkRange(a.length, off, len);
        ensureOpen();
        int remaining = len;
        while (remaining > 0) {
            int availLongs = (inLim - inPos) >>> 3;
            if (availLongs == 0) {
                fill(8);
                continue;
            }
            int k = Math.min(availLongs, remaining);
            byte[] b = in;
            int p = inPos;
            for (int i = 0; i < k; i++, p += 8) {
                a[off + i] = (long) LONG_LE.get(b, p);
            }
            inPos = p;
            off += k;
            remaining -= k;
        }
        received += 8L * len;
    }

    /** Makes at least {@code n} (at most the buffer size) unread bytes available in the buffer. */
    private void fill(int n) throws IOException {
        int avail = inLim - inPos;
        if (avail >= n) {
            return;
        }
        if (inPos > 0) {
            System.arraycopy(in, inPos, in, 0, avail);
            inPos = 0;
            inLim = avail;
        }
        while (inLim < n) {
            inLim += receive(in, inLim, in.length - inLim, n - inLim);
        }
    }

    /** One transport read of at least one byte, turning EOF and timeouts into exceptions. */
    private int receive(byte[] b, int off, int len, int wanted) throws IOException {
        long now = System.nanoTime();
        long deadline = now + readTimeoutNanos;
        Phase p = phase;
        boolean byPhase = false;
        if (p != null) {
            if (p.deadline - now <= 0) {
                failed = true;
                throw phaseOver(p, "waited for " + wanted + " more bytes from");
            }
            if (p.deadline - deadline < 0) {
                deadline = p.deadline;
                byPhase = true;
            }
        }
        int r;
        try {
            r = receiveRaw(b, off, len, deadline);
        } catch (IOException | RuntimeException e) {
            failed = true;
            throw e;
        }
        if (r > 0) {
            return r;
        }
        failed = true;
        if (closed) {
            throw new PeerClosedException("channel to " + peer() + " was closed locally while"
                    + " waiting for " + wanted + " more bytes");
        }
        if (r == TIMEOUT) {
            if (byPhase) {
                throw phaseOver(p, "waited for " + wanted + " more bytes from");
            }
            throw new PeerTimeoutException("peer " + peer() + " sent nothing for "
                    + readTimeoutNanos / 1_000_000 + " ms while this side waited for " + wanted
                    + " more bytes (received " + received + " bytes so far)");
        }
        throw new PeerClosedException("peer " + peer() + " closed the connection while this side"
                + " waited for " + wanted + " more bytes (received " + received
                + " bytes so far)");
    }

    private PeerTimeoutException phaseOver(Phase p, String doing) {
        return new PeerTimeoutException("phase '" + p.name + "' passed its deadline while this"
                + " side " + doing + " peer " + peer() + " (received " + received
                + " bytes so far)");
    }

    // ---------------------------------------------------------------- misc

    @Override
    public final long bytesSent() {
        return sent;
    }

    @Override
    public final long bytesReceived() {
        return received;
    }

    /**
     * Flushes what is buffered, unless a transport call failed before (the peer is gone or
     * stuck, and waiting for it again would only delay the error), and releases the transport.
     */
    @Override
    public final void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            if (!failed) {
                flushBuffer();
            }
        } catch (IOException e) {
            // Best effort: the peer may already be gone; closing must still release the transport.
        } finally {
            closed = true;
            closeRaw(failed);
        }
    }

    /** True once {@link #close()} was called. */
    /** Bytes written but not yet handed to the transport. */
    final int buffered() {
        return outPos;
    }

    final boolean isClosed() {
        return closed;
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new PeerClosedException("channel to " + peer() + " is closed");
        }
    }

    private static void checkRange(int length, int off, int len) {
        if (off < 0 || len < 0 || off > length - len) {
            throw new IndexOutOfBoundsException("range [" + off + ", " + off + "+" + len
                    + ") out of bounds for length " + length);
        }
    }
}
