package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.SafeText;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tells the circuit formats apart by content (the rules are spelled out in docs/formats.md):
 * the {@code .gcb} magic; the {@code .bmec} layout, whose counts must add up to exactly the
 * file's length, or else a first byte 0; then, for UTF-8 text, the first line that is not
 * blank or a comment.
 */
public final class FormatDetector {
    /** Bytes of the file looked at for the text formats. */
    public static final int HEAD = 64 * 1024;
    private static final int QUOTE = 40;

    /** Reads a 4-byte big-endian integer at an offset below the file's length. */
    private interface Ints {
        int at(long offset) throws IOException;
    }

    private final String name;
    private final byte[] head;
    private final int headLength;
    private final long size;
    private final Ints ints;

    private FormatDetector(String name, byte[] head, int headLength, long size, Ints ints) {
        this.name = name;
        this.head = head;
        this.headLength = headLength;
        this.size = size;
        this.ints = ints;
    }

    public static CircuitFormat detect(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer buf = ByteBuffer.allocate((int) Math.min(HEAD, size));
            while (buf.hasRemaining() && ch.read(buf, buf.position()) > 0) {
                // positional reads until the head is in
            }
            byte[] head = buf.array();
            int n = buf.position();
            ByteBuffer four = ByteBuffer.allocate(4);
            Ints ints = offset -> {
                if (offset + 4 <= n) {
                    return bigEndian(head, (int) offset);
                }
                four.clear();
                while (four.hasRemaining() && ch.read(four, offset + four.position()) > 0) {
                    // a count beyond the head
                }
                if (four.hasRemaining()) {
                    throw new IOException(file + " changed while it was read");
                }
                return bigEndian(four.array(), 0);
            };
            return new FormatDetector(file.toString(), head, n, size, ints).detect();
        }
    }

    public static CircuitFormat detect(byte[] content, String name) {
        try {
            return new FormatDetector(name, content, Math.min(content.length, HEAD), content.length,
                    offset -> bigEndian(content, (int) offset)).detect();
        } catch (IOException e) {
            throw new IllegalStateException("no I/O on an array", e);
        }
    }

    private static int bigEndian(byte[] b, int i) {
        return ((b[i] & 0xFF) << 24) | ((b[i + 1] & 0xFF) << 16) | ((b[i + 2] & 0xFF) << 8) | (b[i + 3] & 0xFF);
    }

    private CircuitFormat detect() throws IOException {
        if (size == 0) {
            throw new CircuitFormatException(name + ": the file is empty, not a circuit");
        }
        if (headLength >= Gcb.MAGIC.length && startsWith(Gcb.MAGIC)) {
            return CircuitFormat.GCB;
        }
        if (isBmec() || head[0] == 0) {
            // Text never starts with a NUL byte, and a .bmec nearly always does (its first count
            // is below 2^24): a damaged one is best explained by the .bmec reader.
            return CircuitFormat.BMEC;
        }
        long bad = Utf8Validator.firstInvalid(head, 0, headLength, headLength == size);
        if (bad >= 0) {
            throw new CircuitFormatException(name + ": byte " + bad + ": not a circuit: not UTF-8"
                    + " text, and not binary (a .gcb starts with 'GCB', a .bmec's counts add up"
                    + " to its length)");
        }
        if (startsWith(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF})) {
            throw new CircuitFormatException(name + ": byte 0: the text starts with a byte-order"
                    + " mark; save it as UTF-8 without one");
        }
        return text();
    }

    private boolean startsWith(byte[] prefix) {
        if (headLength < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (head[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * True iff the file parses as .bmec down to its gate count and then holds exactly 16
     * bytes per gate. Every count is checked against the length before the next is read.
     */
    private boolean isBmec() throws IOException {
        if (size < 24 || size % 4 != 0) {
            return false;
        }
        long pos = 0;
        for (int list = 0; list < 4; list++) {
            int n = ints.at(pos);
            // The later count fields and the two header numbers must still fit.
            long rest = 4L * (3 - list) + 8;
            if (n < 0 || 4L * n > size - pos - 4 - rest) {
                return false;
            }
            pos += 4 + 4L * n;
        }
        int registers = ints.at(pos);
        int gates = ints.at(pos + 4);
        pos += 8;
        return registers >= 0 && gates >= 0 && size - pos == 16L * gates;
    }

    /** A text file: classified by its first line that is neither blank nor only a comment. */
    private CircuitFormat text() {
        List<String> lines = lines();
        boolean comments = false;
        int first = -1;
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            String s = GctReader.strip(raw);
            if (!s.isEmpty()) {
                first = i;
                break;
            }
            comments |= raw.contains("//");
        }
        if (first < 0) {
            if (comments || headLength < size) {
                return CircuitFormat.GCT; // only comments so far: the text reader says what is missing
            }
            throw new CircuitFormatException(name + ": the file holds only blank lines, not a circuit");
        }
        String s = GctReader.strip(lines.get(first));
        if (s.equals("circuit") || s.startsWith("circuit ") || s.startsWith("circuit\t")) {
            return CircuitFormat.GCT;
        }
        if (isKeywordLine(s)) {
            return mecOrGct(lines, first);
        }
        String[] tokens = s.split("\\s+");
        if (tokens.length == 2 && isNumber(tokens[0]) && isNumber(tokens[1])) {
            return bristol(lines, first);
        }
        throw new CircuitFormatException(name + ":" + (first + 1) + ": not a circuit: expected a"
                + " .gct or .mec header ('inputsCreator: ...', 'circuit NAME') or a Bristol header"
                + " 'GATES WIRES', but found '" + quote(s) + "'");
    }

    /**
     * The head's lines. A last line cut off by the end of the head is kept as far as it goes:
     * every rule below looks only at the start of a line or at its first separator, and a
     * header list of 20,000 slots is longer than the head.
     */
    private List<String> lines() {
        String text = new String(head, 0, headLength, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int to = nl < 0 ? text.length() : nl;
            out.add(text.substring(from, to));
            from = to + 1;
        }
        return out;
    }

    /** {@code word:} with no blank inside the word: a header line of .gct or .mec. */
    private static boolean isKeywordLine(String s) {
        int colon = s.indexOf(':');
        if (colon <= 0) {
            return false;
        }
        for (int i = 0; i < colon; i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return s.substring(i, colon).isBlank();
            }
        }
        return true;
    }

    /**
     * .mec separates the slots of a list by commas, .gct by blanks (with ranges a-b): the first
     * header list of two or more slots decides; a file whose lists all hold at most one slot
     * reads the same either way and is taken as .gct, unless a main keyword is written in a
     * case .gct does not accept.
     */
    private static CircuitFormat mecOrGct(List<String> lines, int first) {
        for (int i = first; i < lines.size(); i++) {
            String s = GctReader.strip(lines.get(i));
            if (s.isEmpty()) {
                continue;
            }
            int colon = s.indexOf(':');
            if (colon < 0) {
                break; // the body has begun
            }
            String key = s.substring(0, colon).strip();
            for (String k : GctReader.MAIN_KEYS) {
                if (k.equalsIgnoreCase(key) && !k.equals(key)) {
                    return CircuitFormat.MEC; // .gct keywords are case-sensitive, ME-SFE's are not
                }
            }
            String lower = key.toLowerCase(Locale.ROOT);
            if (!lower.startsWith("inputs") && !lower.startsWith("outputs")) {
                continue;
            }
            char sep = separator(s.substring(colon + 1));
            if (sep == ',') {
                return CircuitFormat.MEC;
            }
            if (sep != 0) {
                return CircuitFormat.GCT;
            }
        }
        return CircuitFormat.GCT;
    }

    /** What follows the first number of a slot list (blanks skipped): ',', '-', ' ', or 0. */
    private static char separator(String list) {
        String t = list.strip();
        int i = 0;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        if (i == 0 || i == t.length()) {
            return 0;
        }
        char c = t.charAt(i);
        if (Character.isWhitespace(c)) {
            String rest = t.substring(i).strip();
            return rest.startsWith(",") ? ',' : rest.startsWith("-") ? '-' : ' ';
        }
        return c;
    }

    /** Old Bristol has a gate on its third line (ending in a name); Bristol Fashion has numbers. */
    private static CircuitFormat bristol(List<String> lines, int first) {
        int seen = 0;
        for (int i = first; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.isEmpty() || ++seen < 3) {
                continue;
            }
            String[] t = s.split("\\s+");
            String last = t[t.length - 1];
            return Character.isLetter(last.charAt(0)) ? CircuitFormat.BRISTOL_OLD : CircuitFormat.BRISTOL_FASHION;
        }
        return CircuitFormat.BRISTOL_FASHION; // too short for either: the Fashion reader says why
    }

    private static boolean isNumber(String t) {
        if (t.isEmpty()) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < '0' || t.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** At most 40 characters of a line, unsafe characters ({@link SafeText}) and U+FFFD shown as '?'. */
    private static String quote(String s) {
        boolean cut = s.length() > QUOTE;
        String q = SafeText.line((cut ? s.substring(0, QUOTE) : s).replace('\uFFFD', '?'));
        return cut ? q + "..." : q;
    }
}
