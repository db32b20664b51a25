package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Passes a text file's bytes through unchanged and stops at the first byte that is not
 * well-formed UTF-8 with a {@link CircuitFormatException}
 * {@code "FILE: byte N: not valid UTF-8 text"}, so every text reader reports bad input with
 * its position instead of a decoder's "Input length = 1" or a silent replacement character.
 */
public final class Utf8InputStream extends CheckedInputStream {
    private final String file;
    private final Utf8Validator validator;

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
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        long bad = n < 0 ? validator.finish() : validator.feed(b, off, n);
        if (bad >= 0) {
            throw new CircuitFormatException(file + ": byte " + bad + ": " + MESSAGE
                    + (n < 0 ? " (the file ends inside a multi-byte character)" : ""));
        }
        return n;
    }
}
