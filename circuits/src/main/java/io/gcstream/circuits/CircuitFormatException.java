package io.gcstream.circuits;

import io.gcstream.circuits.SafeText;

/**
 * A circuit is malformed: the message names where (file and line, or byte offset) and what
 * is wrong, in words meant for the user.
 *
 * <p>Messages quote the offending input, which may be anything a file holds, so the message is
 * made safe to print as one line: every character that does not show as itself (control
 * characters and line breaks, bidirectional overrides, zero-width and other format characters;
 * see {@link SafeText}) becomes {@code ?}, and a message longer than 1,000 characters is cut
 * short with {@code "..."}.
 */
public class CircuitFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Longest message kept: a quoted line of a file can be megabytes long. */
    static final int MAX_LENGTH = 1000;

    public CircuitFormatException(String message) {
        super(printable(message));
    }

    CircuitFormatException(String message, Throwable cause) {
        super(printable(message), cause);
    }

    /** {@code s} as one printable line ({@link SafeText}) of at most {@link #MAX_LENGTH} characters and "...". */
    static String printable(String s) {
        if (s == null) {
            return null;
        }
        boolean cut = s.length() > MAX_LENGTH;
        String clean = SafeText.line(cut ? s.substring(0, MAX_LENGTH) : s);
        return cut ? clean + "..." : clean;
    }
}
