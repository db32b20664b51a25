package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes a text file's bytes through unchanged and stops at the first byte that is not
 * well-formed UTF-8 with a {@link CircuitFormatException}
 * {@code "FILE: byte N: not valid UTF-8 text"}, so every text reader reports bad input with
 * its position instead of a decoder's "Input length = 1" or a silent replacement character.
 */
public final class Utf8InputStream extends FilterInputStream {
    private final String file;
    private final Utf8Validator validator;
    private final byte[] one = new byte[1];

    /** What every UTF-8 error says after the position. */
    static final String MESSAGE = "not valid UTF-8 text";

    /**
     * @param file        names the file in messages
     * @param startOffset the offset in the file of the first byte {@code in} delivers (the
     *                    stream must start at a character boundary)
     */
    public Utf8InputStream(InputStream in, String file, long startOffset) {
        super(in);
        this.file = file;
        this.validator = new Utf8Validator(startOffset);
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        long bad = n < 0 ? validator.finish() : validator.feed(b, off, n);
        if (bad >= 0) {
            throw new CircuitFormatException(file + ": byte " + bad + ": " + MESSAGE
                    + (n < 0 ? " (the file ends inside a multi-byte character)" : ""));
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipped bytes would escape the check; read them instead.
        if (n <= 0) {
            return 0;
        }
        byte[] sink = new byte[(int) Math.min(n, 8192)];
        long done = 0;
        while (done < n) {
            int k = read(sink, 0, (int) Math.min(sink.length, n - done));
            if (k < 0) {
                break;
            }
            done += k;
        }
        return done;
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
