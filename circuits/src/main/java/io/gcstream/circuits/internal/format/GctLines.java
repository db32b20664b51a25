package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a byte stream into lines (LF or CRLF, UTF-8, checked as it is read) and remembers, for each, its number and
 * the byte offset after it, so that a reader can later reopen the file at a line boundary. A line longer than the
 * bound is refused ({@code FILE:LINE: line is longer than N bytes}) before more than the bound is held: the text
 * readers (.gct, .mec, Bristol) all read lines through this class.
 */
public final class GctLines implements AutoCloseable {
    /** Longest line accepted: enough for any slot list, small enough to fail fast on binaries. */
    public static final int MAX_LINE = 16 << 20;

    private final String file;
    private final InputStream in;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int lim;
    private long offset;
    private int lineNo;
    private final int maxLine;
    private byte[] line;

    /** @param offset and {@code lineNo}: where {@code in} starts in the file */
    GctLines(String file, InputStream in, long offset, int lineNo) {
        this(file, in, offset, lineNo, MAX_LINE);
    }

    /**
     * Lines of {@code in} from its start, the first numbered 1, each at most {@code maxLine} bytes
     * (without its terminator).
     */
    public GctLines(String file, InputStream in, int maxLine) {
        this(file, in, 0, 0, maxLine);
    }

    private GctLines(String file, InputStream in, long offset, int lineNo, int maxLine) {
        if (maxLine < 1) {
            throw new IllegalArgumentException("line bound " + maxLine + " is below 1");
        }
        this.file = file;
        this.in = new Utf8InputStream(in, file, offset);
        this.offset = offset;
        this.lineNo = lineNo;
        this.maxLine = maxLine;
        this.line = new byte[Math.min(256, maxLine)];
    }

    /** The next line without its terminator, or null at the end of the file. */
    public String next() throws IOException {
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
            int from = pos;
            int i = from;
            while (i < lim && buf[i] != '\n') {
                i++;
            }
            int k = i - from;
            boolean ended = i < lim;
            pos = ended ? i + 1 : i;
            offset += pos - from;
            if (n + k > maxLine) {
                throw new CircuitFormatException(file + ":" + (lineNo + 1) + ": line is longer than "
                        + maxLine + " bytes (is this a text circuit?)");
            }
            if (ended && n == 0) {
                // The whole line is in the buffer: no copy.
                lineNo++;
                return new String(buf, from, k > 0 && buf[i - 1] == '\r' ? k - 1 : k, StandardCharsets.UTF_8);
            }
            if (n + k > line.length) {
                line = Arrays.copyOf(line, (int) Math.min(Math.max(2L * line.length, n + k), maxLine));
            }
            System.arraycopy(buf, from, line, n, k);
            n += k;
            if (ended) {
                break;
            }
        }
        lineNo++;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        return new String(line, 0, n, StandardCharsets.UTF_8);
    }

    /** Number of the line last returned (1-based). */
    public int lineNo() {
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
