package io.gcstream.ot.channel;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-memory {@link Channel} for tests: {@link #pair()} gives two connected ends, joined by two
 * bounded byte pipes (one per direction). Reads block with the same timeout semantics as
 * {@link TcpChannel}; a write into a full pipe also waits at most the read timeout (then
 * {@link PeerTimeoutException}), so a test that forgot a reader fails instead of hanging. Closing
 * one end makes the other end's reads fail with {@link PeerClosedException} once it has drained
 * what was already sent.
 */
public final class MemoryChannel extends BufferedChannel {
    private final Pipe inbound;
    private final Pipe outbound;
    private final String name;
    private final String peerName;

    private MemoryChannel(Pipe inbound, Pipe outbound, String name, String peerName,
            ChannelOptions o) {
        super(o);
        this.inbound = inbound;
        this.outbound = outbound;
        this.name = name;
        this.peerName = peerName;
    }

    /** Two connected channels with default options (64 KiB buffers, 60 s timeout). */
    public static MemoryChannel[] pair() {
        return pair(ChannelOptions.defaults());
    }

    /** Two connected channels; each pipe holds up to 4 buffers of {@code o.bufferSize()} bytes. */
    public static MemoryChannel[] pair(ChannelOptions o) {
        long timeoutNanos = o.readTimeout().toNanos();
        int capacity = 4 * o.bufferSize();
        Pipe ab = new Pipe(capacity, timeoutNanos);
        Pipe ba = new Pipe(capacity, timeoutNanos);
        return new MemoryChannel[] {
            new MemoryChannel(ba, ab, "memory:a", "memory:b", o),
            new MemoryChannel(ab, ba, "memory:b", "memory:a", o)
        };
    }

    @Override
    void sendRaw(byte[] b, int off, int len) throws IOException {
        outbound.write(b, off, len, this);
    }

    @Override
    int receiveRaw(byte[] b, int off, int len) throws IOException {
        return inbound.read(b, off, len);
    }

    @Override
    void closeRaw() {
        outbound.close();
        inbound.close();
    }

    @Override
    public String peer() {
        return peerName;
    }

    @Override
    public String toString() {
        return "MemoryChannel[" + name + " -> " + peerName + "]";
    }

    /** A bounded single-producer single-consumer ring of bytes. */
    private static final class Pipe {
        private final byte[] ring;
        private final long timeoutNanos;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notEmpty = lock.newCondition();
        private final Condition notFull = lock.newCondition();
        private int head;
        private int size;
        private boolean closed;

        Pipe(int capacity, long timeoutNanos) {
            this.ring = new byte[capacity];
            this.timeoutNanos = timeoutNanos;
        }

        void write(byte[] b, int off, int len, MemoryChannel who) throws IOException {
            lock.lock();
            try {
                while (len > 0) {
                    long wait = timeoutNanos;
                    while (size == ring.length && !closed) {
                        if (wait <= 0) {
                            throw new PeerTimeoutException("peer " + who.peer() + " read nothing"
                                    + " for " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                    + " ms while this side waited to send " + len + " more bytes");
                        }
                        wait = notFull.awaitNanos(wait);
                    }
                    if (closed) {
                        throw new PeerClosedException("peer " + who.peer()
                                + " closed the connection while this side was sending " + len
                                + " bytes");
                    }
                    int tail = (head + size) % ring.length;
                    int k = Math.min(len, Math.min(ring.length - size, ring.length - tail));
                    System.arraycopy(b, off, ring, tail, k);
                    size += k;
                    off += k;
                    len -= k;
                    notEmpty.signal();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while sending to "
                        + who.peer());
            } finally {
                lock.unlock();
            }
        }

        int read(byte[] b, int off, int len) throws IOException {
            lock.lock();
            try {
                long wait = timeoutNanos;
                while (size == 0) {
                    if (closed) {
                        return EOF;
                    }
                    if (wait <= 0) {
                        return TIMEOUT;
                    }
                    wait = notEmpty.awaitNanos(wait);
                }
                int k = Math.min(len, Math.min(size, ring.length - head));
                System.arraycopy(ring, head, b, off, k);
                head = (head + k) % ring.length;
                size -= k;
                notFull.signal();
                return k;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while receiving");
            } finally {
                lock.unlock();
            }
        }

        void close() {
            lock.lock();
            try {
                closed = true;
                notEmpty.signalAll();
                notFull.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
