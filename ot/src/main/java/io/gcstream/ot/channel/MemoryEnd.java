package io.gcstream.ot.channel;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** One end of a {@link MemoryChannel#pair}. */
final class MemoryEnd extends BufferedChannel {
    private final Pipe inbound;
    private final Pipe outbound;
    private final String name;
    private final String peerName;

    MemoryEnd(Pipe inbound, Pipe outbound, String name, String peerName,
            ChannelOptions o) {
        super(o);
        this.inbound = inbound;
        this.outbound = outbound;
        this.name = name;
        this.peerName = peerName;
    }

    @Override
    boolean sendRaw(byte[] b, int off, int len, long deadline) throws IOException {
        return outbound.write(b, off, len, deadline, this);
    }

    @Override
    int receiveRaw(byte[] b, int off, int len, long deadline) throws IOException {
        return inbound.read(b, off, len, deadline);
    }

    @Override
    void closeRaw(boolean failed) {
        outbound.close();
        inbound.close();
    }

    @Override
    String peerName() {
        return peerName;
    }

    /** True if the pipe to the peer has room for {@code bytes} more beside what is buffered. */
    @Override
    boolean reserve(int bytes) {
        return !isClosed() && (long) outbound.room() - buffered() >= bytes;
    }

    @Override
    String describe() {
        return "MemoryChannel[" + name + " -> " + peerName + "]";
    }

    /** A bounded single-producer single-consumer ring of bytes. */
    static final class Pipe {
        private final byte[] ring;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notEmpty = lock.newCondition();
        private final Condition notFull = lock.newCondition();
        private int head;
        private int size;
        private boolean closed;

        Pipe(int capacity) {
            this.ring = new byte[capacity];
        }

        /** Writes all of it, or returns false once {@code deadline} passes with the ring full. */
        boolean write(byte[] b, int off, int len, long deadline, MemoryEnd who)
                throws IOException {
            lock.lock();
            try {
                while (len > 0) {
                    while (size == ring.length && !closed) {
                        long wait = deadline - System.nanoTime();
                        if (wait <= 0) {
                            return false;
                        }
                        notFull.awaitNanos(wait);
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
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while sending to " + who.peer());
            } finally {
                lock.unlock();
            }
        }

        int read(byte[] b, int off, int len, long deadline) throws IOException {
            lock.lock();
            try {
                while (size == 0) {
                    if (closed) {
                        return EOF;
                    }
                    long wait = deadline - System.nanoTime();
                    if (wait <= 0) {
                        return TIMEOUT;
                    }
                    notEmpty.awaitNanos(wait);
                }
                int k = Math.min(len, Math.min(size, ring.length - head));
                System.arraycopy(ring, head, b, off, k);
                head = (head + k) % ring.length;
                size -= k;
                notFull.signal();
                return k;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while receiving");
            } finally {
                lock.unlock();
            }
        }

        /** Bytes that can be written before the ring is full. */
        int room() {
            lock.lock();
            try {
                return ring.length - size;
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
