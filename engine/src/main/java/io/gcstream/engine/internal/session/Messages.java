package io.gcstream.engine.internal.session;

/** Text that came from the peer, made safe to print in one line of an error message. Internal. */
final class Messages {
    private Messages() {
    }

    /** {@code s} with control characters replaced, so a peer cannot forge lines of our output. */
    static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(c -> sb.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return sb.toString();
    }
}
