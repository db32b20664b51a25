package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The length and SHA-256 of a byte range of a circuit file as a reader first read it, so that
 * every later read of the range proves it saw the same bytes.
 *
 * <p>A reader streams parts of its file again after the file was opened: the main body on each
 * pass, a sub-circuit body evicted from the cache. The circuit those passes produce must be the
 * one the reader reported when it opened the file (its counts, its hash, what two parties
 * agreed on), yet the file may change meanwhile: {@code cp} over the path rewrites the same
 * inode, {@code mv} puts another file at the path, {@code truncate} cuts it, an editor writes in
 * place. So a reader records the range's digest on its first read ({@link #record}) and checks
 * every later read against it ({@link #verify}) before it reports the end of what it read (the
 * end of a body, the return of a loaded definition). A consumer therefore never completes a pass
 * over bytes other than the recorded ones: a changed file fails with a
 * {@link CircuitFormatException} naming the file ({@link #changed}).
 *
 * <p>What a consumer did with the instructions of a failing pass before its end is its own
 * business: the engine has sent nothing that decodes an output by then (docs/security.md,
 * "Circuit files that change while in use").
 */
public final class RangeDigest {
    private final String file;
    private final long start;
    private final long length;
    private final byte[] sha256;

    private RangeDigest(String file, long start, long length, byte[] sha256) {
        this.file = Objects.requireNonNull(file);
        this.start = start;
        this.length = length;
        this.sha256 = sha256.clone();
    }

    /** The digest of {@code length} bytes of {@code file} from {@code start}, whose SHA-256 is {@code sha256}. */
    public static RangeDigest of(String file, long start, long length, byte[] sha256) {
        return new RangeDigest(file, start, length, sha256);
    }

    /** A pass that records the range from {@code start} as it is read: {@link Pass#finish()} gives its digest. */
    public static Pass record(String file, long start) {
        return new Pass(file, start, null);
    }

    /** A pass that must read exactly this range's bytes: {@link Pass#finish()} fails otherwise. */
    public Pass verify() {
        return new Pass(file, start, this);
    }

    /** Offset of the range's first byte. */
    public long start() {
        return start;
    }

    /** Bytes in the range. */
    public long length() {
        return length;
    }

    /**
     * Checks a read of the range that saw {@code readLength} bytes with SHA-256
     * {@code readSha256}.
     *
     * @throws CircuitFormatException ({@link #changed}) if they differ from the recorded ones
     */
    public void check(long readLength, byte[] readSha256) {
        if (readLength != length || !MessageDigest.isEqual(readSha256, sha256)) {
            throw changed(file, start, start + length, readLength != length
                    ? "it has " + readLength + " bytes there now, not " + length : "their content differs");
        }
    }

    /**
     * The error for a file whose bytes {@code from .. to} are not those read when it was opened:
     * one line naming the file, saying what happened and what to do.
     */
    public static CircuitFormatException changed(String file, long from, long to, String how) {
        return new CircuitFormatException(file + ": the file changed after it was read (bytes " + from + ".."
                + to + ": " + how + "): a circuit file must not be replaced, truncated or edited while it"
                + " is in use");
    }

    /** One read of the range: feeds the bytes read and, at the end, records or checks them. */
    public static final class Pass {
        private final String file;
        private final long start;
        private final RangeDigest expected;
        private final MessageDigest sha = GcbOutput.sha256();
        private long count;
        private RangeDigest result;

        private Pass(String file, long start, RangeDigest expected) {
            this.file = file;
            this.start = start;
            this.expected = expected;
        }

        /**
         * Feeds {@code len} bytes read. A verifying pass fails at once when it has read more than
         * the range holds.
         */
        public void update(byte[] b, int off, int len) {
            count += len;
            if (expected != null && count > expected.length) {
                throw changed(file, start, start + expected.length, "it is longer now");
            }
            sha.update(b, off, len);
        }

        /**
         * Ends the pass: a recording pass returns the range's digest; a verifying pass returns
         * the expected digest after checking the bytes read against it. Idempotent.
         *
         * @throws CircuitFormatException if a verifying pass read other bytes
         */
        public RangeDigest finish() {
            if (result == null) {
                byte[] d = sha.digest();
                if (expected == null) {
                    result = new RangeDigest(file, start, count, d);
                } else {
                    expected.check(count, d);
                    result = expected;
                }
            }
            return result;
        }

        /**
         * {@code in}, which delivers the range's bytes from its start to the end of the file,
         * with every byte fed to this pass and {@link #finish()} called when it reaches the end,
         * before the end is reported: a reader that reads to the end of the file cannot see the
         * end of a range that changed.
         */
        public InputStream wrap(InputStream in) {
            return new CheckedInputStream(in) {
                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = in.read(b, off, len);
                    if (n < 0) {
                        finish();
                    } else {
                        update(b, off, n);
                    }
                    return n;
                }
            };
        }
    }
}
