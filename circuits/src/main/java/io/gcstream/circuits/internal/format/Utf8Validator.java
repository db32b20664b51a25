package io.gcstream.circuits.internal.format;

/**
 * Checks that a byte stream is well-formed UTF-8 (RFC 3629: shortest forms only, no
 * surrogates, nothing above U+10FFFF), fed in chunks of any size. Remembers the state of a
 * sequence split across chunks and the offset of its first byte, so an error can name the
 * byte where the bad sequence starts.
 */
public final class Utf8Validator {
    private long offset;
    /** Continuation bytes still expected by the current sequence. */
    private int need;
    /** Allowed range of the next continuation byte (narrower after E0, ED, F0, F4). */
    private int lo = 0x80;
    private int hi = 0xBF;
    private long sequenceStart;

    /** A validator for a stream whose first byte is at {@code startOffset}. */
    public Utf8Validator(long startOffset) {
        this.offset = startOffset;
    }

    /**
     * Checks {@code b[off .. off+len)}, the next bytes of the stream.
     *
     * @return -1 if they are fine so far, else the stream offset of the first byte of the
     *     malformed sequence (the validator must not be used after that)
     */
    public long feed(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            if (need == 0) {
                // ASCII runs are the common case: skip them without touching the state.
                while (i < end && b[i] >= 0) {
                    i++;
                }
                if (i == end) {
                    break;
                }
                int c = b[i] & 0xFF;
                sequenceStart = offset + (i - off);
                i++;
                if (!lead(c)) {
                    offset += i - off;
                    return sequenceStart;
                }
            } else {
                int c = b[i] & 0xFF;
                if (c < lo || c > hi) {
                    offset += i - off;
                    return sequenceStart;
                }
                lo = 0x80;
                hi = 0xBF;
                need--;
                i++;
            }
        }
        offset += len;
        return -1;
    }

    /** At the end of the stream: -1 if no sequence is left open, else the offset where it began. */
    public long finish() {
        return need == 0 ? -1 : sequenceStart;
    }

    /** Sets up the state for lead byte {@code c}; false if {@code c} cannot start a sequence. */
    private boolean lead(int c) {
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) {
                lo = 0xA0; // below: overlong
            } else if (c == 0xED) {
                hi = 0x9F; // above: UTF-16 surrogates
            }
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) {
                lo = 0x90; // below: overlong
            } else if (c == 0xF4) {
                hi = 0x8F; // above: beyond U+10FFFF
            }
        } else {
            return false; // a stray continuation byte, C0/C1 (overlong) or F5..FF
        }
        return true;
    }

    /** The offset of the first malformed sequence in {@code b[off .. off+len)}, or -1. */
    public static long firstInvalid(byte[] b, int off, int len, boolean complete) {
        Utf8Validator v = new Utf8Validator(0);
        long bad = v.feed(b, off, len);
        return bad >= 0 || !complete ? bad : v.finish();
    }
}
