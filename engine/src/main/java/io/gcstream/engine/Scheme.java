package io.gcstream.engine;

import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.Grr3;
import io.gcstream.engine.internal.garble.HalfGates;
import io.gcstream.engine.internal.garble.ThreeHalves;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The registry of garbling schemes a session can use; both parties must choose the same one
 * (the handshake checks it). Each constant is one line: the name used on the command line and
 * in messages, the number sent in the handshake, and the {@link GarblingScheme} that implements
 * it, which knows everything else (table size, summary for help texts). Parsing, help texts,
 * {@link #fromCode} and the tests that cover every scheme all derive from {@link #values()}, so
 * adding a scheme is one class and one line here.
 *
 * <p>Linear gates (XOR, XNOR, NOT, copies, constants) are free in every scheme (free-XOR).
 */
public enum Scheme {
    /** Half-gates (ZRE15): 2 ciphertexts per non-linear gate. The default. */
    HALF_GATES("half-gates", 1, () -> HalfGates.INSTANCE),
    /** Garbled row reduction GRR3: 3 ciphertexts per non-linear gate (the ME-SFE paper's). */
    GRR3("grr3", 2, () -> Grr3.INSTANCE),
    /** Three-halves (Rosulek–Roy 2021): 1.5 ciphertexts plus 5 bits per non-linear gate. */
    THREE_HALVES("three-halves", 3, () -> ThreeHalves.INSTANCE);

    /** The scheme of a session that does not choose one. */
    public static final Scheme DEFAULT = HALF_GATES;

    private final String wireName;
    private final int code;
    /** A supplier, not the instance: the implementations refer back to their constant. */
    private final Supplier<GarblingScheme> implementation;

    Scheme(String wireName, int code, Supplier<GarblingScheme> implementation) {
        this.wireName = wireName;
        this.code = code;
        this.implementation = implementation;
    }

    /** The name used on the command line and in messages ("half-gates", "grr3", ...). */
    public String wireName() {
        return wireName;
    }

    /** The number identifying the scheme in the handshake. */
    public int code() {
        return code;
    }

    /** The implementation (stateless, shared). */
    public GarblingScheme implementation() {
        return implementation.get();
    }

    /** Bytes of ciphertext sent per non-linear gate; see {@link GarblingScheme#tableBytes()}. */
    public int tableBytes() {
        return implementation().tableBytes();
    }

    /** What a non-linear gate costs, for help texts ("2 ciphertexts per AND"). */
    public String summary() {
        return implementation().summary();
    }

    /** The scheme with this handshake code, or null. */
    public static Scheme fromCode(int code) {
        for (Scheme s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }

    /**
     * Parses a scheme name as accepted on the command line: the {@link #wireName()}, also with
     * '_' for '-' or without the dashes, case-insensitive ("half-gates", "Half_Gates",
     * "halfgates", " GRR3 ").
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Scheme parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (Scheme s : values()) {
            if (n.equals(s.wireName) || n.equals(s.wireName.replace("-", ""))) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown garbling scheme '" + name + "': expected "
                + names(" or "));
    }

    /** The wire names of all schemes, separated by ", " and {@code last} before the last one. */
    public static String names(String last) {
        Scheme[] all = values();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < all.length; i++) {
            if (i > 0) {
                b.append(i == all.length - 1 ? last : ", ");
            }
            b.append(all[i].wireName);
        }
        return b.toString();
    }

    /**
     * One line for command-line help: every scheme with its summary, the default marked, e.g.
     * "half-gates (2 ciphertexts per AND; the default), grr3 (3 ciphertexts per AND)".
     */
    public static String help() {
        StringBuilder b = new StringBuilder();
        for (Scheme s : values()) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(s.wireName).append(" (").append(s.summary())
                    .append(s == DEFAULT ? "; the default)" : ")");
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
