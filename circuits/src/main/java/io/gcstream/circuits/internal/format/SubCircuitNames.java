package io.gcstream.circuits.internal.format;

import java.util.regex.Pattern;

/**
 * The rule for sub-circuit names that every format applies (docs/formats.md): an identifier of
 * at most 255 bytes, so that every circuit can be written as {@code .gct} and as {@code .gcb}.
 * The readers and writers check it here, and so does the compiler when a sub-circuit is
 * defined, so that a name no format takes is refused where it is given, not at the first write
 * or hash. Names are also unique within a circuit; each holder of names checks that itself.
 */
public final class SubCircuitNames {
    /** Longest name in bytes of UTF-8 (the range of the {@code .gcb} name length). */
    public static final int MAX_BYTES = 255;
    /** The rule in words, for messages. */
    public static final String RULE = "an identifier of at most " + MAX_BYTES
            + " bytes (letters, digits, '_' and '.', not starting with a digit)";
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");

    private SubCircuitNames() {
    }

    /** True if {@code name} follows the rule. */
    public static boolean isValid(String name) {
        // An identifier is ASCII: its length in chars is its length in bytes.
        return name.length() <= MAX_BYTES && NAME.matcher(name).matches();
    }

    /**
     * Checks {@code name} against the rule.
     *
     * @throws IllegalArgumentException naming the name and the rule if it does not follow it
     */
    public static void check(String name) {
        if (!isValid(name)) {
            throw new IllegalArgumentException("sub-circuit name '" + name + "' is not " + RULE);
        }
    }
}
