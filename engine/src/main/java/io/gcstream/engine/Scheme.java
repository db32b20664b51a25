package io.gcstream.engine;

import java.util.Locale;

/**
 * The garbling schemes a session can use; both parties must choose the same one (the handshake
 * checks it).
 *
 * <ul>
 *   <li>{@link #HALF_GATES}: Zahur–Rosulek–Evans half-gates, two ciphertexts (32 bytes) per
 *       non-linear gate. The default.</li>
 *   <li>{@link #GRR3}: point-and-permute with garbled row reduction, three ciphertexts
 *       (48 bytes) per non-linear gate: the scheme of the ME-SFE paper, kept for comparison.</li>
 * </ul>
 * Linear gates (XOR, XNOR, NOT, copies, constants) are free in both (free-XOR).
 */
public enum Scheme {
    /** Half-gates (ZRE15): 2 ciphertexts per non-linear gate. */
    HALF_GATES("half-gates", 1, 32),
    /** Garbled row reduction GRR3: 3 ciphertexts per non-linear gate. */
    GRR3("grr3", 2, 48);

    private final String wireName;
    private final int code;
    private final int tableBytes;

    Scheme(String wireName, int code, int tableBytes) {
        this.wireName = wireName;
        this.code = code;
        this.tableBytes = tableBytes;
    }

    /** The name used on the command line and in messages ("half-gates", "grr3"). */
    public String wireName() {
        return wireName;
    }

    /** The number identifying the scheme in the handshake. */
    public int code() {
        return code;
    }

    /** Bytes of garbled table sent per non-linear gate (16 per ciphertext). */
    public int tableBytes() {
        return tableBytes;
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
     * Parses a scheme name as accepted on the command line: "half-gates", "halfgates",
     * "half_gates", "grr3" (case-insensitive).
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Scheme parse(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        if (n.equals("half-gates") || n.equals("halfgates")) {
            return HALF_GATES;
        }
        if (n.equals("grr3")) {
            return GRR3;
        }
        throw new IllegalArgumentException("unknown garbling scheme '" + name
                + "': expected half-gates or grr3");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
