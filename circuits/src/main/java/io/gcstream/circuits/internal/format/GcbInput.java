package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.security.MessageDigest;

/**
 * Reads varints from a byte range of a file (or of a file's bytes in memory) through one fixed
 * buffer, with positional reads (so several inputs may share a channel). Bytes are fed to the
 * optional digest as they are consumed, never ahead, so a digest can be cloned at any
 * instruction boundary.
 *
 * <p>The varint decoder is the reader's hot path: no allocation, one bounds test per varint.
 */
final class GcbInput {
    /** Where the bytes come from: positional reads, as {@link FileChannel#read(ByteBuffer, long)}. */
    @FunctionalInterface
    interface Source {
        /** Reads into {@code dst} from {@code position}; the bytes read, or -1 at the end. */
        int read(ByteBuffer dst, long position) throws IOException;

        /** The bytes of {@code file}, as a source. */
        static Source of(byte[] file) {
            return (dst, position) -> {
                if (position >= file.length) {
                    return -1;
                }
                int n = (int) Math.min(dst.remaining(), file.length - position);
                dst.put(file, (int) position, n);
                return n;
            };
        }
    }

    private final String file;
    private final Source channel;
    private final long end;
    private final MessageDigest digest;
    /** A second digest fed the same bytes (the enclosing input's, for a {@link #slice}), or null. */
    private final MessageDigest alsoDigest;
    private final byte[] buf;
    private final ByteBuffer wrapped;
    private int pos;
    private int lim;
    private int hashed;
    private long bufStart;
    private long readPos;
    private boolean eof;
    private final String endMessage;

    /**
     * @param end        offset after the last byte to read, or {@code Long.MAX_VALUE} for EOF
     * @param endMessage what running out of bytes means here ("file is truncated", ...)
     */
    GcbInput(String file, FileChannel channel, long start, long end, MessageDigest digest,
            int bufferSize, String endMessage) {
        this(file, channel::read, start, end, digest, bufferSize, endMessage);
    }

    /** As above, from any {@link Source}. */
    GcbInput(String file, Source channel, long start, long end, MessageDigest digest,
            int bufferSize, String endMessage) {
        this(file, channel, start, end, digest, null, bufferSize, endMessage);
    }

    private GcbInput(String file, Source channel, long start, long end, MessageDigest digest,
            MessageDigest alsoDigest, int bufferSize, String endMessage) {
        this.file = file;
        this.channel = channel;
        this.end = end;
        this.digest = digest;
        this.alsoDigest = alsoDigest;
        this.buf = new byte[bufferSize];
        this.wrapped = ByteBuffer.wrap(buf);
        this.bufStart = start;
        this.readPos = start;
        this.endMessage = endMessage;
    }

    /** File offset of the next byte. */
    long position() {
        return bufStart + pos;
    }

    String file() {
        return file;
    }

    /** Ensures {@code n} bytes are buffered if the range has them; false if it ends sooner. */
    private boolean fill(int n) throws IOException {
        hashConsumed();
        int left = lim - pos;
        System.arraycopy(buf, pos, buf, 0, left);
        bufStart += pos;
        lim = left;
        pos = 0;
        hashed = 0;
        while (lim < n && !eof) {
            long room = Math.min(buf.length - lim, end - readPos);
            if (room <= 0) {
                eof = true;
                break;
            }
            wrapped.clear().position(lim).limit(lim + (int) room);
            int r = channel.read(wrapped, readPos);
            if (r < 0) {
                eof = true;
            } else {
                lim += r;
                readPos += r;
            }
        }
        return lim - pos >= n;
    }

    /** An unsigned 32-bit varint, returned as an int (so values of 2^31 and more are negative). */
    int u32() throws IOException {
        if (lim - pos < 5 && !fill(5)) {
            return slowU32();
        }
        byte[] b = buf;
        int p = pos;
        int x = b[p++];
        if (x >= 0) {
            pos = p;
            return x;
        }
        x &= 0x7F;
        int y = b[p++];
        if (y >= 0) {
            return last(p, x | (y << 7), y);
        }
        x |= (y & 0x7F) << 7;
        y = b[p++];
        if (y >= 0) {
            return last(p, x | (y << 14), y);
        }
        x |= (y & 0x7F) << 14;
        y = b[p++];
        if (y >= 0) {
            return last(p, x | (y << 21), y);
        }
        x |= (y & 0x7F) << 21;
        y = b[p++];
        if (y > 15 || y < 0) {
            throw error(pos, "number does not fit in 32 bits");
        }
        return last(p, x | (y << 28), y);
    }

    private int last(int p, int value, int lastByte) {
        if (lastByte == 0) {
            throw error(pos, "number is not in shortest form (non-canonical varint)");
        }
        pos = p;
        return value;
    }

    private int slowU32() throws IOException {
        int start = pos;
        long x = 0;
        for (int shift = 0; ; shift += 7) {
            int b = byteAt();
            x |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                if (b == 0 && shift > 0) {
                    throw error(start, "number is not in shortest form (non-canonical varint)");
                }
                if (x > 0xFFFFFFFFL) {
                    throw error(start, "number does not fit in 32 bits");
                }
                return (int) x;
            }
            if (shift == 28) {
                throw error(start, "number does not fit in 32 bits");
            }
        }
    }

    private int byteAt() throws IOException {
        if (pos == lim && !fill(1)) {
            throw truncated();
        }
        return buf[pos++] & 0xFF;
    }

    /** A varint that must be a non-negative int; {@code what} names it in errors. */
    int uint(String what) throws IOException {
        long at = position();
        int v = u32();
        if (v < 0) {
            throw errorAt(at, what + " " + (v & 0xFFFFFFFFL) + " is too large");
        }
        return v;
    }

    /** A varint of up to 63 bits (counts). */
    long ulong(String what) throws IOException {
        long at = position();
        long x = 0;
        for (int shift = 0; ; shift += 7) {
            int b = byteAt();
            if (shift == 63 && b > 0) {
                throw errorAt(at, what + " does not fit in 63 bits");
            }
            x |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                if (b == 0 && shift > 0) {
                    throw errorAt(at, what + " is not in shortest form (non-canonical varint)");
                }
                return x;
            }
        }
    }

    /** Reads {@code n} raw bytes. */
    byte[] bytes(int n) throws IOException {
        byte[] out = new byte[n];
        for (int i = 0; i < n; ) {
            if (pos == lim && !fill(1)) {
                throw truncated();
            }
            int k = Math.min(n - i, lim - pos);
            System.arraycopy(buf, pos, out, i, k);
            pos += k;
            i += k;
        }
        return out;
    }

    /** True iff every byte of the range has been consumed. */
    boolean atEnd() throws IOException {
        return pos == lim && !fill(1);
    }

    /**
     * An input over the next {@code length} bytes of this one, read afresh from the source through
     * its own buffer of {@code bufferSize} bytes, that feeds each byte it consumes to
     * {@code digest} (may be null) and to this input's digest: this input then continues after
     * them without reading or hashing them itself. So this input's digest covers exactly the
     * bytes the slice's reader parsed, not a second read of them that could differ if the file
     * changed in between. The slice must be consumed to its end ({@link #atEnd()} true) before
     * this input is read again, so that its bytes reach the digest in order.
     */
    GcbInput slice(long length, MessageDigest digest, int bufferSize, String endMessage) {
        hashConsumed();
        long start = position();
        long after = start + length;
        GcbInput s = new GcbInput(file, channel, start, after, digest, this.digest, bufferSize, endMessage);
        if (after <= bufStart + lim) {
            pos = (int) (after - bufStart);
        } else {
            bufStart = after;
            readPos = after;
            pos = 0;
            lim = 0;
        }
        hashed = pos;
        return s;
    }

    /** Feeds the bytes consumed since the last call to the digests. */
    private void hashConsumed() {
        if (hashed < pos) {
            if (digest != null) {
                digest.update(buf, hashed, pos - hashed);
            }
            if (alsoDigest != null) {
                alsoDigest.update(buf, hashed, pos - hashed);
            }
        }
        hashed = pos;
    }

    /** Feeds the consumed bytes to the digests and returns a copy of the first's state; null without one. */
    MessageDigest digestSoFar() {
        hashConsumed();
        if (digest == null) {
            return null;
        }
        try {
            return (MessageDigest) digest.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("SHA-256 digest cannot be cloned", e);
        }
    }

    CircuitFormatException truncated() {
        return errorAt(position(), endMessage);
    }

    private CircuitFormatException error(int bufIndex, String message) {
        return errorAt(bufStart + bufIndex, message);
    }

    CircuitFormatException errorAt(long offset, String message) {
        return new CircuitFormatException(file + ": byte " + offset + ": " + message);
    }
}
