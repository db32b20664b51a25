package io.gcstream.ot.channel;

import java.io.IOException;

/**
 * A buffered, bidirectional, exact byte stream between two parties.
 *
 * <p>Writes are buffered in user space and are only guaranteed to reach the peer after
 * {@link #flush()}: call it at every protocol round boundary (before waiting for an answer),
 * otherwise both parties wait for each other. Multi-byte values are little-endian. The stream
 * is not framed: what one side writes the other reads, byte for byte, in the same order, so
 * both sides must agree on the exact sequence of reads and writes.
 *
 * <p>Reads block until the requested bytes have arrived, but never forever: a peer that sends
 * nothing for the configured read timeout yields a {@link PeerTimeoutException}, and a peer that
 * closed the connection yields a {@link PeerClosedException}; both name the peer and the number
 * of bytes being waited for. Writes that block because the peer does not read fail the same way
 * after the write timeout ({@link ChannelOptions#writeTimeout()}).
 *
 * <p><b>Deadlines.</b> Timeouts bound each wait; a {@linkplain #deadline(long, String) deadline}
 * bounds a whole protocol phase, so that a peer trickling one byte per read timeout cannot
 * stretch it. While a deadline is set, every wait for the peer (a read that needs bytes not yet
 * buffered, a flush, a write that fills the buffer) ends at the deadline at the latest, and
 * once it has passed each of them fails at once with a {@link PeerTimeoutException} naming the
 * phase and the peer. Bytes already buffered can still be read: the deadline limits waiting,
 * not local work. Example, for a phase of the engine:
 * <pre>{@code
 * ch.deadline(System.nanoTime() + budget.toNanos(), "OT extension");
 * try {
 *     runOtExtension(ch);
 * } finally {
 *     ch.clearDeadline();
 * }
 * }</pre>
 *
 * <p>A channel is <b>not</b> thread-safe: one thread at a time may write, and one thread at a
 * time may read (a reader thread and a writer thread may run concurrently on implementations
 * that say so; {@link TcpChannel} and {@link MemoryChannel} do).
 */
public interface Channel extends AutoCloseable {

    /** Buffers {@code len} bytes of {@code b} from {@code off}. */
    void write(byte[] b, int off, int len) throws IOException;

    /** Buffers a 32-bit little-endian integer. */
    void writeInt(int v) throws IOException;

    /** Buffers a 64-bit little-endian integer. */
    void writeLong(long v) throws IOException;

    /** Buffers {@code len} longs of {@code a} from {@code off}, each little-endian. */
    void writeLongs(long[] a, int off, int len) throws IOException;

    /** Sends everything buffered so far to the peer (a protocol round boundary). */
    void flush() throws IOException;

    /** Reads exactly {@code len} bytes into {@code b} at {@code off}. */
    void readFully(byte[] b, int off, int len) throws IOException;

    /** Reads a 32-bit little-endian integer. */
    int readInt() throws IOException;

    /** Reads a 64-bit little-endian integer. */
    long readLong() throws IOException;

    /** Reads exactly {@code len} little-endian longs into {@code a} at {@code off}. */
    void readLongs(long[] a, int off, int len) throws IOException;

    /** Bytes handed to the write methods so far (including bytes still buffered). */
    long bytesSent();

    /** Bytes returned by the read methods so far. */
    long bytesReceived();

    /**
     * Sets the deadline of a protocol phase, as an absolute {@link System#nanoTime()} value,
     * replacing any earlier one; it holds for reads and writes, on any thread, until
     * {@link #clearDeadline()}. See the class comment for what fails once it has passed.
     *
     * @param nanoTime the deadline on the {@link System#nanoTime()} clock
     * @param phase the phase's name for error messages, e.g. {@code "OT extension"}
     */
    void deadline(long nanoTime, String phase);

    /** Removes the deadline: only the read and write timeouts bound waits again. */
    void clearDeadline();

    /** A human-readable name of the peer, e.g. {@code 127.0.0.1:7766}, for error messages. */
    String peer();

    /**
     * Flushes what is buffered (best effort) and closes the channel; the peer's pending and
     * later reads fail with {@link PeerClosedException}. Idempotent.
     */
    @Override
    void close() throws IOException;
}
