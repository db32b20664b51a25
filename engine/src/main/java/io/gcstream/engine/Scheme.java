package io.gcstream.engine;

import java.util.Locale;

/**
 * The garbling schemes a session can use; both parties must choose the same one (the handshake
 * checks it). {@link #wireName()} is the name used on the command line and in messages.
 *
 * <p>Linear gates (XOR, XNOR, NOT, copies, constants) are free in every scheme (free-XOR).
 */
public enum Scheme {
    /** Half-gates (ZRE15): 2 ciphertexts per non-linear gate. The default. */
    HALF_GATES("half-gates"),
    /** Garbled row reduction GRR3: 3 ciphertexts per non-linear gate (the ME-SFE paper's). */
    GRR3("grr3"),
    /** Three-halves (Rosulek–Roy 2021): 1.5 ciphertexts plus 5 bits per non-linear gate. */
    THREE_HALVES("three-halves");

    private final String wireName;

    Scheme(String wireName) {
        this.wireName = wireName;
    }

    /** The name used on the command line and in messages ({@link #toString()}). */
    String wireName() {
        return wireName;
    }

    /**
     * Parses a scheme name as accepted on the command line: the {@link #toString()} name, also with
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
        throw new IllegalArgumentException("unknown garbling scheme '" + name + "': expected " + names());
    }

    /** The wire names of all schemes: "a, b or c". */
    private static String names() {
        Scheme[] all = values();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < all.length; i++) {
            if (i > 0) {
                b.append(i == all.length - 1 ? " or " : ", ");
            }
            b.append(all[i].wireName);
        }
        return b.toString();
    }

    /**
     * The name used on the command line and in messages ("half-gates", "grr3",
     * "three-halves"), which {@link #parse} takes.
     */
    @Override
    public String toString() {
        return wireName;
    }
}
