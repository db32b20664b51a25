package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import java.util.List;
import java.util.Locale;

/**
 * The standard circuits by name, for tools such as {@code gc compile}: {@code aes128},
 * {@code present80}, {@code hamming<n>} (e.g. {@code hamming900}). Each has the creator's key
 * (or first operand) and the evaluator's plaintext (or second operand); see the classes.
 */
public final class Library {
    private Library() {
    }

    /** The names {@link #circuit} accepts ({@code hamming<n>} stands for any n ≥ 1). */
    public static List<String> names() {
        return List.of("aes128", "present80", "hamming<n>");
    }

    /**
     * Builds the named circuit.
     *
     * @throws IllegalArgumentException for an unknown name, naming the known ones
     */
    public static Circuit circuit(String name) {
        String n = name.toLowerCase(Locale.ROOT).trim();
        if (n.equals("aes128") || n.equals("aes-128")) {
            return Aes128.circuit();
        }
        if (n.equals("present80") || n.equals("present-80")) {
            return Present80.circuit();
        }
        if (n.startsWith("hamming")) {
            String digits = n.substring("hamming".length());
            try {
                int bits = Integer.parseInt(digits);
                if (bits >= 1) {
                    return Hamming.circuit(bits);
                }
            } catch (NumberFormatException e) {
                // fall through to the error below
            }
        }
        throw new IllegalArgumentException("unknown library circuit '" + name + "'; known: " + names());
    }
}
