package io.gcstream.circuits.internal.format;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A filter that sees every byte it passes on: subclasses check them in
 * {@link #read(byte[], int, int)}, to which the single-byte read and {@link #skip} go, so that
 * no byte escapes the check by being skipped.
 */
abstract class CheckedInputStream extends FilterInputStream {
    private final byte[] one = new byte[1];

    CheckedInputStream(InputStream in) {
        super(in);
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;

    @Override
    public final int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public final long skip(long n) throws IOException {
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
    public final boolean markSupported() {
        return false;
    }
}
