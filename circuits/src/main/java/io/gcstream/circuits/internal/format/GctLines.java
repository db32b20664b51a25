package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into lines (LF or CRLF, UTF-8, checked as it is read) and remembers, for each, its number and
 * the byte offset after it, so that a reader can later reopen the file at a line boundary.
 */
final class GctLines implements AutoCloseable {
    /** Longest line accepted: enough for any slot list, small enough to fail fast on binaries. */
    static final int MAX_LINE = 16 << 20;

    private final String file;
    private final InputStream in;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int lim;
    private long offset;
    private int lineNo;
    private byte[] line = new byte[256];

    /** @param offset and {@code lineNo}: where {@code in} starts in the file */
    GctLines(String file, InputStream in, long offset, int lineNo) {
        this.file = file;
        this.in = new Utf8InputStream(in, file, offset);
        this.offset = offset;
        this.lineNo = lineNo;
    }

    /** The next line without its terminator, or null at the end of the file. */
    String next() throws IOException {
        int n = 0;
        boolean any = false;
        while (true) {
            if (pos == lim) {
                lim = in.read(buf, 0, buf.length);
                pos = 0;
                if (lim <= 0) {
                    lim = 0;
                    if (!any) {
                        return null;
                    }
                    break;
                }
            }
            any = true;
            byte b = buf[pos++];
            offset++;
            if (b == '\n') {
                break;
            }
            if (n == line.length) {
                if (n >= MAX_LINE) {
                    throw new CircuitFormatException(file + ":" + (lineNo + 1) + ": line is longer than "
                            + MAX_LINE + " bytes (is this a text circuit?)");
                }
                line = Arrays.copyOf(line, n * 2);
            }
            line[n++] = b;
        }
        lineNo++;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        return new String(line, 0, n, StandardCharsets.UTF_8);
    }

    /** Number of the line last returned (1-based). */
    int lineNo() {
        return lineNo;
    }

    /** Byte offset just after the line last returned. */
    long offset() {
        return offset;
    }

    String where() {
        return file + ":" + lineNo;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
