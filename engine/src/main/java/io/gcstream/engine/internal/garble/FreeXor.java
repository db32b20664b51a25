package io.gcstream.engine.internal.garble;

/**
 * Linear gates under free-XOR: every affine table f(a,b) = c0 ⊕ c1·a ⊕ c2·b costs nothing.
 * The garbler's output 0-label is c1·A0 ⊕ c2·B0 ⊕ c0·Δ, the evaluator's output label
 * c1·A ⊕ c2·B. So a constant-0 gate gives the label 0^128 on both sides and a constant-1 gate
 * gives the garbler the 0-label Δ (its 1-label is then 0^128, the evaluator's label):
 * constants are public, so this reveals nothing.
 */
public final class FreeXor {
    private FreeXor() {
    }

    /** c0 | c1 << 1 | c2 << 2 for a linear table (c0 = f(0,0), c1 = coefficient of a, ...). */
    public static int coefficients(int table) {
        int c0 = (table >>> 3) & 1;
        int c1 = ((table >>> 1) & 1) ^ c0;
        int c2 = ((table >>> 2) & 1) ^ c0;
        return c0 | (c1 << 1) | (c2 << 2);
    }

    /** Garbler: output 0-label of a linear gate. */
    public static void garble(int table, long[] labels, int a, int b, int out, long dLo, long dHi) {
        int c = coefficients(table);
        long m0 = -(long) (c & 1);
        long m1 = -(long) ((c >>> 1) & 1);
        long m2 = -(long) ((c >>> 2) & 1);
        long lo = (m1 & labels[2 * a]) ^ (m2 & labels[2 * b]) ^ (m0 & dLo);
        long hi = (m1 & labels[2 * a + 1]) ^ (m2 & labels[2 * b + 1]) ^ (m0 & dHi);
        labels[2 * out] = lo;
        labels[2 * out + 1] = hi;
    }

    /** Evaluator: output active label of a linear gate. */
    public static void eval(int table, long[] labels, int a, int b, int out) {
        int c = coefficients(table);
        long m1 = -(long) ((c >>> 1) & 1);
        long m2 = -(long) ((c >>> 2) & 1);
        long lo = (m1 & labels[2 * a]) ^ (m2 & labels[2 * b]);
        long hi = (m1 & labels[2 * a + 1]) ^ (m2 & labels[2 * b + 1]);
        labels[2 * out] = lo;
        labels[2 * out + 1] = hi;
    }
}
