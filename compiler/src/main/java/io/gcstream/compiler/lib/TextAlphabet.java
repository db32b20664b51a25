package io.gcstream.compiler.lib;

import io.gcstream.circuits.internal.SafeText;
import java.util.Objects;

/**
 * Maps text to a party's value for the string circuits of the {@link Library}: character i of
 * the text becomes code c_i (its index in the alphabet), stored in value bits
 * i·b .. i·b + b − 1 (least significant first) with b {@link #bitsPerCharacter()}. This is the
 * one place where characters become bits; {@link #encoder} attaches it to a circuit's
 * {@link InputEncoder}, which the CLI and the API use alike.
 *
 * <p>Letter alphabets ({@link #DNA}, {@link #PROTEIN}) are read case-insensitively and skip
 * white space and FASTA header lines (lines starting with {@code >}), so a sequence file can
 * be given as it is. {@link #BYTES} takes every character below 256 as its own code, white space
 * included; only one line ending at the very end is dropped. Immutable.
 */
final class TextAlphabet {
    /** DNA: A, C, G, T are 0, 1, 2, 3, two bits each. */
    public static final TextAlphabet DNA = new TextAlphabet("DNA letters", Levenshtein.DNA_ALPHABET, 2);
    /**
     * The 20 amino acids in the order of the BLOSUM matrices, A R N D C Q E G H I L K M F P S T
     * W Y V, as codes 0 .. 19 of five bits each.
     */
    public static final TextAlphabet PROTEIN = new TextAlphabet("amino-acid letters", SmithWaterman.AMINO_ACIDS, 5);
    /** Bytes: every character below 256 is its own 8-bit code (ISO 8859-1). */
    public static final TextAlphabet BYTES = new TextAlphabet("characters", null, 8);

    private final String name;
    private final String letters;
    private final int bits;

    private TextAlphabet(String name, String letters, int bits) {
        this.name = name;
        this.letters = letters;
        this.bits = bits;
    }

    /** Value bits per character. */
    public int bitsPerCharacter() {
        return bits;
    }

    /** The letters in code order, or null for {@link #BYTES}. */
    public String letters() {
        return letters;
    }

    /** E.g. "DNA letters (A, C, G, T)". */
    public String description() {
        return letters == null ? "characters (bytes 0..255)" : name + " (" + String.join(", ", letters.split("")) + ")";
    }

    /**
     * The codes of the characters of {@code text}.
     *
     * @throws IllegalArgumentException naming the first character not in the alphabet, with its
     *     line and column
     */
    public int[] codes(CharSequence text) {
        Objects.requireNonNull(text, "text");
        int[] codes = new int[text.length()];
        int count = 0;
        int line = 1;
        int column = 0;
        boolean header = false;
        int end = text.length();
        if (letters == null) {
            if (end > 0 && text.charAt(end - 1) == '\n') {
                end--;
                if (end > 0 && text.charAt(end - 1) == '\r') {
                    end--;
                }
            }
        }
        for (int k = 0; k < end; k++) {
            char ch = text.charAt(k);
            column++;
            if (letters == null) {
                if (ch > 255) {
                    throw bad(ch, line, column, "is not a byte (its code is above 255)");
                }
                codes[count++] = ch;
                if (ch == '\n') {
                    line++;
                    column = 0;
                }
                continue;
            }
            if (ch == '\n') {
                line++;
                column = 0;
                header = false;
                continue;
            }
            if (header) {
                continue;
            }
            if (ch == '>' && column == 1) {
                header = true;
                continue;
            }
            if (Character.isWhitespace(ch)) {
                continue;
            }
            int code = letters.indexOf(Character.toUpperCase(ch));
            if (code < 0) {
                throw bad(ch, line, column, "is not one of the " + description());
            }
            codes[count++] = code;
        }
        return java.util.Arrays.copyOf(codes, count);
    }

    /**
     * The value bits of {@code text}, which must hold exactly {@code length} characters.
     *
     * @throws IllegalArgumentException if a character is not in the alphabet or the length differs
     */
    public boolean[] encode(CharSequence text, int length) {
        int[] codes = codes(text);
        if (codes.length != length) {
            throw new IllegalArgumentException("the text has " + codes.length + " " + name + " but the circuit"
                    + " takes " + length);
        }
        boolean[] value = new boolean[length * bits];
        for (int i = 0; i < length; i++) {
            for (int b = 0; b < bits; b++) {
                value[i * bits + b] = (codes[i] >> b & 1) == 1;
            }
        }
        return value;
    }

    /**
     * {@code base} that also reads text: {@link InputEncoder#encodeText} maps the text to a value
     * of {@code base.valueWidth()} bits with this alphabet and encodes that.
     *
     * @throws IllegalArgumentException if base's value width is not a whole number of characters
     */
    public InputEncoder encoder(InputEncoder base) {
        Objects.requireNonNull(base, "base");
        if (base.valueWidth() % bits != 0) {
            throw new IllegalArgumentException(base.valueWidth() + " bits are not a whole number of "
                    + bits + "-bit characters");
        }
        int length = base.valueWidth() / bits;
        TextAlphabet alphabet = this;
        return new InputEncoder() {
            @Override
            public int valueWidth() {
                return base.valueWidth();
            }

            @Override
            public int inputWidth() {
                return base.inputWidth();
            }

            @Override
            public boolean[] encode(boolean[] value) {
                return base.encode(value);
            }

            @Override
            public boolean isIdentity() {
                return base.isIdentity();
            }

            @Override
            public boolean readsText() {
                return true;
            }

            @Override
            public boolean[] encodeText(CharSequence text) {
                return base.encode(alphabet.encode(text, length));
            }

            @Override
            public String textDescription() {
                return length + " " + alphabet.description();
            }

            @Override
            public String toString() {
                return base + " reading " + alphabet.description();
            }
        };
    }

    private static IllegalArgumentException bad(char ch, int line, int column, String what) {
        String shown = SafeText.isSafe(ch) ? "'" + ch + "'" : String.format("U+%04X", (int) ch);
        return new IllegalArgumentException("character " + shown + " at line " + line + ", column " + column
                + " " + what);
    }

    @Override
    public String toString() {
        return description();
    }
}
