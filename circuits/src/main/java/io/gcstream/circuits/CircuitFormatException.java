package io.gcstream.circuits;

/**
 * A circuit is malformed: the message names where (file and line, or byte offset) and what
 * is wrong, in words meant for the user.
 *
 * <p>Messages quote the offending input, which may be anything a file holds, so the message is
 * made safe to print as one line: control characters (line breaks included) become {@code ?}
 * and a message longer than {@link #MAX_LENGTH} characters is cut short with {@code "..."}.
 */
public class CircuitFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Longest message kept: a quoted line of a file can be megabytes long. */
    public static final int MAX_LENGTH = 1000;

    public CircuitFormatException(String message) {
        super(printable(message));
    }

    public CircuitFormatException(String message, Throwable cause) {
        super(printable(message), cause);
    }

    /** {@code s} as one printable line of at most {@link #MAX_LENGTH} characters. */
    static String printable(String s) {
        if (s == null) {
            return null;
        }
        boolean clean = s.length() <= MAX_LENGTH;
        for (int i = 0; clean && i < s.length(); i++) {
            clean = !Character.isISOControl(s.charAt(i));
        }
        if (clean) {
            return s;
        }
        int n = Math.min(s.length(), MAX_LENGTH);
        StringBuilder b = new StringBuilder(n + 3);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        return s.length() > MAX_LENGTH ? b.append("...").toString() : b.toString();
    }
}
