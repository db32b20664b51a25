package io.gcstream.circuits.internal.format;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A buffered varint encoder that feeds every byte it emits into a SHA-256 digest and,
 * optionally, to a channel or stream. With neither it only hashes: that is how the canonical
 * hash of an in-memory circuit is computed without writing a file.
 */
final class GcbOutput {
    private final byte[] buf;
    private final ByteBuffer wrapped;
    private final WritableByteChannel channel;
    private final OutputStream stream;
    private final MessageDigest digest;
    private int n;
    private long written;

    GcbOutput(WritableByteChannel channel, OutputStream stream, int bufferSize) {
        this.buf = new byte[bufferSize];
        this.wrapped = ByteBuffer.wrap(buf);
        this.channel = channel;
        this.stream = stream;
        this.digest = sha256();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** Bytes emitted so far (the file offset of the next byte). */
    long position() {
        return written + n;
    }

    void bytes(byte[] b, int off, int len) throws IOException {
        while (len > 0) {
            if (n == buf.length) {
                flush();
            }
            int k = Math.min(len, buf.length - n);
            System.arraycopy(b, off, buf, n, k);
            n += k;
            off += k;
            len -= k;
        }
    }

    /** Writes bytes that are not hashed (the placeholder of the hash field). */
    void unhashed(byte[] b) throws IOException {
        flush();
        emit(b, b.length);
        written += b.length;
    }

    void u32(int v) throws IOException {
        if (buf.length - n < 5) {
            flush();
        }
        while ((v & ~0x7F) != 0) {
            buf[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[n++] = (byte) v;
    }

    /** A non-negative int as a varint. */
    void uint(int v) throws IOException {
        if (v < 0) {
            throw new IllegalArgumentException("negative value " + v);
        }
        u32(v);
    }

    /** A non-negative long as a varint (counts). */
    void ulong(long v) throws IOException {
        if (v < 0) {
            throw new IllegalArgumentException("negative count " + v);
        }
        if (buf.length - n < 10) {
            flush();
        }
        while ((v & ~0x7FL) != 0) {
            buf[n++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[n++] = (byte) v;
    }

    void flush() throws IOException {
        if (n == 0) {
            return;
        }
        digest.update(buf, 0, n);
        emit(buf, n);
        written += n;
        n = 0;
    }

    private void emit(byte[] b, int len) throws IOException {
        if (channel != null) {
            ByteBuffer bb = b == buf ? wrapped.clear().limit(len) : ByteBuffer.wrap(b, 0, len);
            while (bb.hasRemaining()) {
                channel.write(bb);
            }
        } else if (stream != null) {
            stream.write(b, 0, len);
        }
    }

    /** Flushes and returns the digest of every hashed byte. */
    byte[] finish() throws IOException {
        flush();
        if (stream != null) {
            stream.flush();
        }
        return digest.digest();
    }
}
