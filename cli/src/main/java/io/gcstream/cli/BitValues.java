package io.gcstream.cli;

import io.gcstream.circuits.BitCodec;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Converts between the values a user types and a party's input or output bits.
 *
 * <p>A value is an unsigned integer written in hex ({@code 0x…}), binary ({@code 0b…}) or
 * decimal, or {@code @file} holding such a value. Bit i of the integer (bit 0 least
 * significant) is the party's input bit i. Underscores may separate digits. For circuits whose
 * input encoder reads text (DNA, proteins, byte strings), a value may also be text:
 * {@code text:STRING}, {@code text:@FILE}, or {@code @FILE} whose content is not a number; the
 * encoder maps its characters to bits ({@link #text}).
 */
final class BitValues {
    private BitValues() {
    }

    /** Prefix of a value given as text, for circuits whose inputs read text (DNA, proteins). */
    static final String TEXT_PREFIX = "text:";

    /**
     * A value as the user gave it: its text, with the file that {@code @FILE} or
     * {@code text:@FILE} names read once ({@code file}, else null), and whether the user marked
     * it as text ({@code text:}).
     */
    record Given(String text, boolean markedText, Path file) {
    }

    /**
     * Most bytes a number of {@code width} bits takes, in any base: binary digits with an
     * underscore between each two, and 1 KiB for blanks and leading zeros. A value or file
     * longer than this is refused before anything parses it.
     */
    static long numberBytes(int width) {
        return 1024 + 2L * width;
    }

    /**
     * Most bytes of a text whose encoding is {@code width} bits: a generous 8 bytes per bit
     * (a DNA letter is 2 bits, a character of a byte string 8) for line breaks and FASTA header
     * lines, plus 64 KiB.
     */
    static long textBytes(int width) {
        return 65536 + 8L * width;
    }

    /**
     * Reads {@code value}: {@code text:STRING}, {@code text:@FILE}, {@code @FILE} or the value
     * itself. A file is read exactly once (so a pipe such as {@code @<(echo 5)} or a FIFO works)
     * and at most as many bytes as a value of {@code width} bits can take, as a number or, when
     * {@code readsText}, as text ({@link #numberBytes}, {@link #textBytes}); so is a value given
     * inline.
     */
    static Given read(String value, boolean readsText, int width, String what) {
        if (value.startsWith(TEXT_PREFIX)) {
            String t = value.substring(TEXT_PREFIX.length());
            if (t.startsWith("@")) {
                Path file = Path.of(t.substring(1));
                return new Given(readFile(file, textBytes(width), "text of " + width + " bits", what), true, file);
            }
            return new Given(bounded(t, textBytes(width), "text of " + width + " bits", what), true, null);
        }
        String t = trim(value);
        if (t.startsWith("@")) {
            Path file = Path.of(t.substring(1));
            long max = readsText ? Math.max(textBytes(width), numberBytes(width)) : numberBytes(width);
            return new Given(readFile(file, max, readsText ? "value or text of " + width + " bits"
                    : width + "-bit number", what), false, file);
        }
        return new Given(bounded(value, numberBytes(width), width + "-bit number", what), false, null);
    }

    /**
     * The text of a value that is text: marked {@code text:}, or — when {@code readsText} — read
     * from a file that does not hold a number. Null if the value is a number.
     */
    static String text(Given g, boolean readsText, String what) {
        if (g.markedText()) {
            return g.text();
        }
        if (g.file() == null || isNumber(g.text())) {
            return null;
        }
        if (!readsText) {
            throw new UserError(what + ": " + g.file() + " does not hold a number (0x…, 0b… or"
                    + " decimal); text such as DNA or protein letters is read only for library circuits"
                    + " that take strings (lib:levenshtein…, lib:smithwaterman…)");
        }
        return g.text();
    }

    /** Parses {@code value} (a number, or {@code @FILE} holding one) into exactly {@code width} bits. */
    static boolean[] parse(String value, int width, String what) {
        return number(read(value, false, width, what), width, what);
    }

    /**
     * The number {@code g} holds as exactly {@code width} bits. Hex ({@code 0x}), binary
     * ({@code 0b}) or decimal, ASCII digits only, underscores between digits ignored, ASCII
     * blanks around it. Time is linear in the text: hex and binary digits become bits directly;
     * decimal digits beyond what {@code width} bits can hold are refused before any arithmetic.
     */
    static boolean[] number(Given g, int width, String what) {
        String t = trim(g.text());
        int base = base(t);
        int at = base == 10 ? 0 : 2;
        // The digits' values, underscores dropped; one pass.
        byte[] digits = new byte[t.length() - at];
        int n = 0;
        for (int i = at; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '_') {
                continue;
            }
            int d = digit(c, base);
            if (d < 0) {
                throw notANumber(g, what, c == '-' && i == 0 ? "negative values are not accepted" : null);
            }
            digits[n++] = (byte) d;
        }
        if (n == 0) {
            throw notANumber(g, what, null);
        }
        int first = 0;
        while (first < n - 1 && digits[first] == 0) {
            first++;
        }
        if (base == 10) {
            return decimal(digits, first, n, width, what);
        }
        int perDigit = base == 16 ? 4 : 1;
        long needed = (long) (n - 1 - first) * perDigit + (32 - Integer.numberOfLeadingZeros(digits[first]));
        if (needed > width) {
            throw tooWide(what, Long.toString(needed), width);
        }
        boolean[] bits = new boolean[width];
        int bit = 0;
        for (int i = n - 1; i >= first && bit < width; i--) {
            for (int k = 0; k < perDigit && bit < width; k++) {
                bits[bit++] = ((digits[i] >> k) & 1) != 0;
            }
        }
        return bits;
    }

    /** Decimal digits {@code first .. n} as {@code width} bits, their count checked before they are converted. */
    private static boolean[] decimal(byte[] digits, int first, int n, int width, String what) {
        int significant = n - first;
        // 10^(d-1) needs more than (d-1)·log2(10) bits: more digits than width·log10(2) + 1 never fit.
        if (significant - 1 > width * Math.log10(2) + 1e-9) {
            throw tooWide(what, "more than " + width, width);
        }
        char[] text = new char[significant];
        for (int i = 0; i < significant; i++) {
            text[i] = (char) ('0' + digits[first + i]);
        }
        BigInteger v = new BigInteger(new String(text));
        if (v.bitLength() > width) {
            throw tooWide(what, Integer.toString(v.bitLength()), width);
        }
        return BitCodec.ofBigInteger(v, width);
    }

    private static UserError tooWide(String what, String needed, int width) {
        return new UserError(what + ": value needs " + needed + " bits but the circuit takes " + width);
    }

    private static UserError notANumber(Given g, String what, String why) {
        if (why != null) {
            return new UserError(what + ": " + why);
        }
        String shown = g.file() != null ? g.file() + " does not hold a number" : "'" + abbreviate(g.text())
                + "' is not a number";
        return new UserError(what + ": " + shown + " (use hex 0x…, binary 0b…, decimal, or @file)");
    }

    /** The base a number's prefix names: 16 for {@code 0x}, 2 for {@code 0b} (2 characters), else 10. */
    private static int base(String t) {
        if (t.length() < 2 || t.charAt(0) != '0') {
            return 10;
        }
        char p = t.charAt(1);
        return p == 'x' || p == 'X' ? 16 : p == 'b' || p == 'B' ? 2 : 10;
    }

    /** The value of the ASCII digit {@code c} in {@code base} (2, 10 or 16), or -1. */
    private static int digit(char c, int base) {
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        return d < base ? d : -1;
    }

    /** True if {@code s} reads as a number in one of the accepted notations (ASCII digits only). */
    static boolean isNumber(String s) {
        String t = trim(s);
        int base = base(t);
        boolean any = false;
        for (int i = base == 10 ? 0 : 2; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c != '_') {
                if (digit(c, base) < 0) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }

    /** {@code s} without the ASCII blanks (space, tab, line breaks) around it. */
    private static String trim(String s) {
        int a = 0;
        int b = s.length();
        while (a < b && isBlank(s.charAt(a))) {
            a++;
        }
        while (b > a && isBlank(s.charAt(b - 1))) {
            b--;
        }
        return s.substring(a, b);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
    }

    /** {@code value} typed on the command line, refused if longer than {@code max} bytes of UTF-8 could be. */
    private static String bounded(String value, long max, String kind, String what) {
        if (value.length() > max) {
            throw new UserError(what + ": the value has " + value.length() + " characters, more than a " + kind
                    + " takes (at most " + max + ")");
        }
        return value;
    }

    /**
     * The UTF-8 text of {@code file}, read once and at most {@code max} bytes: a larger file (or
     * a device such as /dev/zero that never ends) is refused once {@code max + 1} bytes are in.
     */
    private static String readFile(Path file, long max, String kind, String what) {
        if (Files.isDirectory(file)) {
            throw new UserError(what + ": " + file + " is a directory, not a file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
        } catch (NoSuchFileException e) {
            throw new UserError(what + ": file " + file + " does not exist");
        } catch (AccessDeniedException e) {
            throw new UserError(what + ": cannot read " + file + ": permission denied");
        } catch (IOException e) {
            throw new UserError(what + ": cannot read " + file + ": " + e.getMessage());
        }
        if (bytes.length > max) {
            throw new UserError(what + ": " + file + " holds more than " + max + " bytes, more than a " + kind
                    + " takes");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UserError(what + ": " + file + " is not UTF-8 text");
        }
    }

    /** The bits as an unsigned integer. */
    static BigInteger toInteger(boolean[] bits) {
        return BitCodec.toBigInteger(bits);
    }

    /** Formats bits as {@code 0x…} with one digit per started nibble of the width. */
    static String format(boolean[] bits, OutputFormat format) {
        if (bits.length == 0) {
            return "-";
        }
        BigInteger v = toInteger(bits);
        switch (format) {
            case HEX: {
                int digits = (bits.length + 3) / 4;
                return "0x" + pad(v.toString(16), digits);
            }
            case BIN:
                return "0b" + pad(v.toString(2), bits.length);
            case DEC:
                return v.toString();
            default:
                throw new AssertionError(format);
        }
    }

    private static String pad(String s, int width) {
        StringBuilder sb = new StringBuilder(width);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        return sb.append(s).toString();
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    /** How output values are printed. */
    enum OutputFormat {
        HEX, BIN, DEC
    }
}
