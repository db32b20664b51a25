package io.gcstream.cli;

import io.gcstream.circuits.BitCodec;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
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
     * The text of {@code value} if it is given as text: {@code text:STRING}, {@code text:@FILE},
     * or — when {@code readsText} — {@code @FILE} whose content is not a number. Null if the
     * value is a number (or a file holding one).
     */
    static String text(String value, boolean readsText, String what) {
        if (value.startsWith(TEXT_PREFIX)) {
            String t = value.substring(TEXT_PREFIX.length());
            return t.startsWith("@") ? read(Path.of(t.substring(1)), what) : t;
        }
        String t = value.trim();
        if (t.startsWith("@")) {
            String content = read(Path.of(t.substring(1)), what);
            if (isNumber(content)) {
                return null;
            }
            if (!readsText) {
                throw new UserError(what + ": " + t.substring(1) + " does not hold a number (0x…, 0b… or"
                        + " decimal); text such as DNA or protein letters is read only for library circuits"
                        + " that take strings (lib:levenshtein…, lib:smithwaterman…)");
            }
            return content;
        }
        return null;
    }

    /** True if {@code s} reads as a number in one of the accepted notations. */
    private static boolean isNumber(String s) {
        String t = s.trim().replace("_", "");
        if (t.startsWith("0x") || t.startsWith("0X")) {
            return t.length() > 2 && t.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
        }
        if (t.startsWith("0b") || t.startsWith("0B")) {
            return t.length() > 2 && t.substring(2).chars().allMatch(c -> c == '0' || c == '1');
        }
        return !t.isEmpty() && t.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static String read(Path file, String what) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserError(what + ": file " + file + " does not exist");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new UserError(what + ": " + file + " is not UTF-8 text");
        } catch (IOException e) {
            throw new UserError(what + ": cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Parses {@code text} into exactly {@code width} bits; {@code what} names it in errors. */
    static boolean[] parse(String text, int width, String what) {
        String t = text.trim();
        if (t.startsWith("@")) {
            t = read(Path.of(t.substring(1)), what).trim();
        }
        t = t.replace("_", "");
        BigInteger v;
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                v = new BigInteger(requireDigits(t.substring(2), what), 16);
            } else if (t.startsWith("0b") || t.startsWith("0B")) {
                v = new BigInteger(requireDigits(t.substring(2), what), 2);
            } else {
                v = new BigInteger(requireDigits(t, what), 10);
            }
        } catch (NumberFormatException e) {
            throw new UserError(what + ": '" + abbreviate(text) + "' is not a number "
                    + "(use hex 0x…, binary 0b…, decimal, or @file)");
        }
        if (v.signum() < 0) {
            throw new UserError(what + ": negative values are not accepted");
        }
        if (v.bitLength() > width) {
            throw new UserError(what + ": value needs " + v.bitLength() + " bits but the circuit takes "
                    + width);
        }
        return BitCodec.ofBigInteger(v, width);
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

    private static String requireDigits(String s, String what) {
        if (s.isEmpty()) {
            throw new NumberFormatException(what);
        }
        return s;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    /** How output values are printed. */
    enum OutputFormat {
        HEX, BIN, DEC
    }
}
