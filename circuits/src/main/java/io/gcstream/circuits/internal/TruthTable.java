package io.gcstream.circuits.internal;

/**
 * Two-input Boolean functions as 4-bit truth tables, the encoding of the paper's Fig. 2.
 *
 * <p>Bit 3 (most significant) is f(0,0), bit 2 is f(0,1), bit 1 is f(1,0), bit 0 is f(1,1);
 * so AND = 1 and XOR = 6. A one-input gate is a two-input gate that reads the same slot twice
 * with a table that ignores its second input: {@link #COPY} (3) and {@link #NOT} (12).
 */
public final class TruthTable {
    public static final int ZERO = 0;
    public static final int AND = 1;
    public static final int COPY = 3;
    public static final int XOR = 6;
    public static final int OR = 7;
    public static final int NOR = 8;
    public static final int XNOR = 9;
    public static final int NOT = 12;
    public static final int NAND = 14;
    public static final int ONE = 15;

    private TruthTable() {
    }

    /** True iff {@code table} is a 4-bit truth table (0..15). */
    public static boolean isValid(int table) {
        return (table & ~15) == 0;
    }

    /** f(a, b) for bits a, b in {0, 1}. */
    public static int eval(int table, int a, int b) {
        return (table >>> (3 - ((a << 1) | b))) & 1;
    }

    /**
     * True iff the function is affine over GF(2) (constants, projections, their negations, XOR,
     * XNOR): such gates are free under free-XOR. The other eight tables are non-linear and each
     * costs one AND with free negations of its inputs and output.
     */
    public static boolean isLinear(int table) {
        // f is affine iff f(0,0) ^ f(0,1) ^ f(1,0) ^ f(1,1) == 0.
        return Integer.bitCount(table) % 2 == 0;
    }

    /**
     * For a non-linear table, the masks (α, β, γ) with f(a,b) = ((a ⊕ α) ∧ (b ⊕ β)) ⊕ γ, packed
     * as bits 2, 1, 0 of the result.
     */
    public static int andForm(int table) {
        if (isLinear(table)) {
            throw new IllegalArgumentException("linear truth table " + table + " has no AND form");
        }
        // The single input pair whose output differs from the other three is (¬α, ¬β).
        int odd = Integer.bitCount(table) == 1 ? 1 : 0; // value at the odd position
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                if (eval(table, a, b) == odd) {
                    int alpha = a ^ 1;
                    int beta = b ^ 1;
                    int gamma = odd ^ 1;
                    return (alpha << 2) | (beta << 1) | gamma;
                }
            }
        }
        throw new AssertionError();
    }
}
