package io.gcstream.engine.testutil;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;

/**
 * A hostile network for fault tests, in the style of FRESCO's cheating network: it wraps the
 * channel of one party and does one {@link Fault} to the bytes that party sends, at a chosen
 * byte offset of that outgoing stream (offset 0 = the first byte the party ever writes). To
 * attack the other direction, wrap the other party's channel; to place a fault in a protocol
 * phase, take the offsets from a {@link PhaseMap} recorded in an honest run of the same seeded
 * session (the byte layout is deterministic).
 *
 * <p>Every write method is turned into its little-endian bytes first, so a fault hits the
 * same bytes whatever calls the party used to write them. The party itself does not notice
 * the network faults: its writes and flushes succeed (except after {@link Kind#TRUNCATE}, when
 * the connection is gone). {@link #bytesSent()} counts what the party wrote, not what was
 * delivered. Everything is deterministic: the fault is fully described by its parameters, and
 * {@link Fault#randomFlip} draws them from a seed.
 *
 * <p>Delays and trickling happen in the sending party's thread, before the delayed byte is
 * handed on (the bytes before it are flushed first), like a link that blocks its sender. Like
 * any {@link Channel}, one writer thread and one reader thread at a time.
 */
public final class HostileChannel extends ForwardingChannel {
    /** What the network (or, for the two crash kinds, the party) does. */
    public enum Kind {
        /** Discards {@code length} bytes from the offset; later bytes go through (desynchronised). */
        DROP,
        /** Closes the connection once the bytes before the offset have been handed on. */
        TRUNCATE,
        /** XORs bit {@code bit} of each of {@code length} bytes from the offset. */
        FLIP,
        /** Flushes the bytes before the offset, then sleeps {@code delay} before the rest go through. */
        DELAY,
        /** Delivers nothing from the offset on, but keeps the connection open. */
        STALL,
        /** Sends the {@code length} bytes before the offset a second time, at the offset. */
        REPLAY,
        /**
         * From the offset on, hands the bytes on one at a time, each flushed, sleeping
         * {@code delay} after each: a peer (or link) that trickles to keep a connection alive.
         */
        TRICKLE,
        /**
         * Swaps the {@code length} bytes from the offset with the {@code length} bytes after
         * them. A flush in between releases what is held, swapped as far as it got (a network
         * does not hold a segment forever).
         */
        REORDER,
        /** The party dies once it has written the bytes before the offset (closes, throws). */
        CRASH,
        /** The party dies before a read once it has read {@code at} bytes (closes, throws). */
        CRASH_ON_READ
    }

    /**
     * One fault. {@code at} is a byte offset of the wrapped party's outgoing stream (of its
     * incoming stream for {@link Kind#CRASH_ON_READ}).
     */
    public record Fault(Kind kind, long at, int length, int bit, Duration delay) {
        public Fault {
            Objects.requireNonNull(kind, "kind");
            if (at < 0 || length < 0 || bit < 0 || bit > 7) {
                throw new IllegalArgumentException("bad fault " + kind + " at " + at + ", length "
                        + length + ", bit " + bit);
            }
            if (kind == Kind.REPLAY && length > at) {
                throw new IllegalArgumentException("cannot replay " + length + " bytes before offset " + at);
            }
        }

        /** Discards bytes [at, at + n). */
        public static Fault drop(long at, int n) {
            return new Fault(Kind.DROP, at, n, 0, Duration.ZERO);
        }

        /** Cuts the connection after the first {@code at} bytes. */
        public static Fault truncate(long at) {
            return new Fault(Kind.TRUNCATE, at, 0, 0, Duration.ZERO);
        }

        /** Flips bit {@code bit} (0 = least significant) of byte {@code at}. */
        public static Fault flip(long at, int bit) {
            return new Fault(Kind.FLIP, at, 1, bit, Duration.ZERO);
        }

        /** Flips the lowest bit of each of the bytes [at, at + n). */
        public static Fault flipBytes(long at, int n) {
            return new Fault(Kind.FLIP, at, n, 0, Duration.ZERO);
        }

        /** A flip of one bit at a position drawn from {@code seed}, uniformly in [from, to). */
        public static Fault randomFlip(long seed, long from, long to) {
            if (to <= from) {
                throw new IllegalArgumentException("empty range [" + from + ", " + to + ")");
            }
            Random r = new Random(seed);
            long at = from + (long) (r.nextDouble() * (to - from));
            return flip(Math.min(at, to - 1), r.nextInt(8));
        }

        /** Holds byte {@code at} and everything after it back for {@code d}. */
        public static Fault delay(long at, Duration d) {
            return new Fault(Kind.DELAY, at, 0, 0, d);
        }

        /** Delivers nothing from byte {@code at} on; the connection stays open. */
        public static Fault stall(long at) {
            return new Fault(Kind.STALL, at, 0, 0, Duration.ZERO);
        }

        /** Sends bytes [at - n, at) again before byte {@code at}. */
        public static Fault replay(long at, int n) {
            return new Fault(Kind.REPLAY, at, n, 0, Duration.ZERO);
        }

        /** From byte {@code at} on, one byte per {@code interval}. */
        public static Fault trickle(long at, Duration interval) {
            return new Fault(Kind.TRICKLE, at, 0, 0, interval);
        }

        /** Sends bytes [at + n, at + 2n) before bytes [at, at + n). */
        public static Fault reorder(long at, int n) {
            return new Fault(Kind.REORDER, at, n, 0, Duration.ZERO);
        }

        /** The party crashes when it is about to write byte {@code at}. */
        public static Fault crash(long at) {
            return new Fault(Kind.CRASH, at, 0, 0, Duration.ZERO);
        }

        /** The party crashes at its first read once it has read {@code at} bytes. */
        public static Fault crashWhileReceiving(long at) {
            return new Fault(Kind.CRASH_ON_READ, at, 0, 0, Duration.ZERO);
        }

        @Override
        public String toString() {
            switch (kind) {
                case FLIP:
                    return length == 1 ? "flip bit " + bit + " of byte " + at
                            : "flip bit " + bit + " of bytes [" + at + ", " + (at + length) + ")";
                case DROP:
                    return "drop bytes [" + at + ", " + (at + length) + ")";
                case TRUNCATE:
                    return "truncate after " + at + " bytes";
                case DELAY:
                    return "delay byte " + at + " on by " + delay.toMillis() + " ms";
                case STALL:
                    return "stall from byte " + at;
                case REPLAY:
                    return "replay bytes [" + (at - length) + ", " + at + ") at " + at;
                case TRICKLE:
                    return "trickle one byte per " + delay.toMillis() + " ms from byte " + at;
                case REORDER:
                    return "swap bytes [" + at + ", " + (at + length) + ") with the next " + length;
                case CRASH:
                    return "crash before sending byte " + at;
                default:
                    return "crash after receiving " + at + " bytes";
            }
        }
    }

    private final Fault fault;
    /** Bytes the party has written (the position in its outgoing stream). */
    private long written;
    private boolean tripped;
    private boolean delayed;
    /** REPLAY: the last {@code length} bytes before the offset, as a ring. */
    private final byte[] history;
    /** REORDER: the first and second chunk while they are held back, and how full each is. */
    private final byte[] first;
    private final byte[] second;
    private int firstFill;
    private int secondFill;
    private boolean reorderDone;
    private final byte[] scratch = new byte[8192];

    public HostileChannel(Channel delegate, Fault fault) {
        super(delegate);
        this.fault = Objects.requireNonNull(fault, "fault");
        this.history = fault.kind() == Kind.REPLAY ? new byte[fault.length()] : null;
        this.first = fault.kind() == Kind.REORDER ? new byte[fault.length()] : null;
        this.second = fault.kind() == Kind.REORDER ? new byte[fault.length()] : null;
    }

    /** The fault this channel does. */
    public Fault fault() {
        return fault;
    }

    /** True once the fault has actually happened (a fault beyond the end of the stream never does). */
    public synchronized boolean tripped() {
        return tripped;
    }

    private synchronized void trip() {
        tripped = true;
    }

    // ---------------------------------------------------------------- the outgoing stream

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        push(b, off, len);
    }

    @Override
    public void writeInt(int v) throws IOException {
        for (int i = 0; i < 4; i++) {
            scratch[i] = (byte) (v >>> (8 * i));
        }
        push(scratch, 0, 4);
    }

    @Override
    public void writeLong(long v) throws IOException {
        writeLongs(new long[] {v}, 0, 1);
    }

    @Override
    public void writeLongs(long[] a, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, a.length);
        int per = scratch.length / 8;
        for (int done = 0; done < len; done += per) {
            int k = Math.min(per, len - done);
            for (int i = 0; i < k; i++) {
                long v = a[off + done + i];
                for (int j = 0; j < 8; j++) {
                    scratch[8 * i + j] = (byte) (v >>> (8 * j));
                }
            }
            push(scratch, 0, 8 * k);
        }
    }

    @Override
    public void flush() throws IOException {
        if (fault.kind() == Kind.REORDER && firstFill > 0 && !reorderDone) {
            // Release what is held: the part of the second chunk that came, then the first.
            reorderDone = true;
            trip();
            delegate.write(second, 0, secondFill);
            delegate.write(first, 0, firstFill);
        }
        delegate.flush();
    }

    /** Handles bytes [written, written + len) of the party's stream. */
    private void push(byte[] b, int off, int len) throws IOException {
        long at = fault.at();
        long end = at + fault.length();
        while (len > 0) {
            long pos = written;
            int k;
            switch (fault.kind()) {
                case DROP:
                case FLIP:
                case REORDER:
                    k = runLength(pos, len, at, end);
                    if (pos >= at && pos < end) {
                        inWindow(b, off, k);
                    } else if (fault.kind() == Kind.REORDER && pos >= end && pos < end + fault.length()
                            && !reorderDone) {
                        k = (int) Math.min(k, end + fault.length() - pos);
                        hold(b, off, k);
                    } else {
                        delegate.write(b, off, k);
                    }
                    break;
                case TRUNCATE:
                case CRASH:
                case STALL:
                case DELAY:
                case REPLAY:
                case TRICKLE:
                    k = runLength(pos, len, at, at);
                    if (pos == at && k > 0 && !tripped()) {
                        atOffset();
                    }
                    if (fault.kind() == Kind.STALL && pos >= at) {
                        break; // swallowed: the peer never gets it
                    }
                    if (fault.kind() == Kind.TRICKLE && pos >= at) {
                        k = 1;
                        delegate.write(b, off, 1);
                        delegate.flush();
                        sleep(fault.delay());
                        break;
                    }
                    if (fault.kind() == Kind.REPLAY && pos < at) {
                        remember(b, off, k, pos);
                    }
                    delegate.write(b, off, k);
                    break;
                default: // CRASH_ON_READ: the outgoing stream is untouched
                    k = len;
                    delegate.write(b, off, k);
            }
            written += k;
            off += k;
            len -= k;
        }
    }

    /**
     * How many of the next {@code len} bytes from {@code pos} lie on the same side of both
     * boundaries {@code a} and {@code b} (a byte run that the fault treats alike).
     */
    private static int runLength(long pos, int len, long a, long b) {
        long limit = pos + len;
        if (pos < a) {
            limit = Math.min(limit, a);
        } else if (pos < b) {
            limit = Math.min(limit, b);
        }
        return (int) (limit - pos);
    }

    /** DROP, FLIP, REORDER: bytes inside [at, at + length). */
    private void inWindow(byte[] b, int off, int k) throws IOException {
        trip();
        switch (fault.kind()) {
            case DROP:
                return;
            case FLIP: {
                byte[] c = java.util.Arrays.copyOfRange(b, off, off + k);
                for (int i = 0; i < k; i++) {
                    c[i] ^= (byte) (1 << fault.bit());
                }
                delegate.write(c, 0, k);
                return;
            }
            default: // REORDER: hold the first chunk back
                if (reorderDone) {
                    delegate.write(b, off, k);
                } else {
                    System.arraycopy(b, off, first, firstFill, k);
                    firstFill += k;
                }
        }
    }

    /** REORDER: the second chunk; once complete, it goes out before the first. */
    private void hold(byte[] b, int off, int k) throws IOException {
        System.arraycopy(b, off, second, secondFill, k);
        secondFill += k;
        if (secondFill == second.length) {
            reorderDone = true;
            delegate.write(second, 0, secondFill);
            delegate.write(first, 0, firstFill);
        }
    }

    /** TRUNCATE, CRASH, STALL, DELAY, REPLAY: the party is about to write byte {@code at}. */
    private void atOffset() throws IOException {
        trip();
        switch (fault.kind()) {
            case TRUNCATE:
                // What came before reaches the peer, then the connection is gone: the write
                // below fails as on a reset connection.
                delegate.close();
                return;
            case CRASH:
                delegate.close();
                throw new IOException("simulated crash of this party");
            case DELAY:
                if (!delayed) {
                    delayed = true;
                    delegate.flush();
                    sleep(fault.delay());
                }
                return;
            case REPLAY: {
                int n = fault.length();
                int start = (int) ((written - n) % n);
                byte[] again = new byte[n];
                for (int i = 0; i < n; i++) {
                    again[i] = history[(start + i) % n];
                }
                delegate.write(again, 0, n);
                return;
            }
            default: // STALL, TRICKLE: the bytes are handled one by one
        }
    }

    private void remember(byte[] b, int off, int k, long pos) {
        int n = history.length;
        if (n == 0) {
            return;
        }
        for (int i = 0; i < k; i++) {
            history[(int) ((pos + i) % n)] = b[off + i];
        }
    }

    private static void sleep(Duration d) throws IOException {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted during a simulated delay");
        }
    }

    @Override
    public long bytesSent() {
        return written;
    }

    // ---------------------------------------------------------------- the incoming stream

    private void beforeRead() throws IOException {
        if (fault.kind() == Kind.CRASH_ON_READ && delegate.bytesReceived() >= fault.at()) {
            trip();
            delegate.close();
            throw new IOException("simulated crash of this party while receiving");
        }
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        beforeRead();
        delegate.readFully(b, off, len);
    }

    @Override
    public int readInt() throws IOException {
        beforeRead();
        return delegate.readInt();
    }

    @Override
    public long readLong() throws IOException {
        beforeRead();
        return delegate.readLong();
    }

    @Override
    public void readLongs(long[] a, int off, int len) throws IOException {
        beforeRead();
        delegate.readLongs(a, off, len);
    }

    @Override
    public String toString() {
        return "HostileChannel[" + fault + ", " + delegate + "]";
    }
}
