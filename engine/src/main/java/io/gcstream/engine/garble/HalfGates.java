package io.gcstream.engine.garble;

import io.gcstream.circuits.TruthTable;
import io.gcstream.engine.Scheme;

/**
 * Half-gates (Zahur, Rosulek, Evans, EUROCRYPT 2015): an AND costs two ciphertexts, four
 * hashes to garble and two to evaluate. Any non-linear table is garbled as
 * f(a,b) = ((a ⊕ α) ∧ (b ⊕ β)) ⊕ γ: the garbler swaps the meaning of its input and output
 * 0-labels by Δ, which the evaluator never notices, so negations are free.
 *
 * <p>Hash: the tweakable circular correlation-robust H(x, i) of {@link TweakableHash}, with
 * tweak i = 2g for the first input's labels and 2g + 1 for the second's, g the gate counter.
 * Table: T_G, T_E.
 */
public final class HalfGates implements GarblingScheme {
    /** The stateless instance. */
    public static final HalfGates INSTANCE = new HalfGates();

    /** (α, β, γ) packed as bits 2, 1, 0, per non-linear table; 0 for linear ones. */
    private static final int[] FORM = new int[16];

    static {
        for (int t = 0; t < 16; t++) {
            FORM[t] = TruthTable.isLinear(t) ? 0 : TruthTable.andForm(t);
        }
    }

    private HalfGates() {
    }

    @Override
    public Scheme scheme() {
        return Scheme.HALF_GATES;
    }

    @Override
    public int garbleBlocks() {
        return 4;
    }

    @Override
    public int evalBlocks() {
        return 2;
    }

    @Override
    public int garblePrepare(int table, long[] labels, int a, int b, long dLo, long dHi,
            long gate, long[] hin, long[] tw, int h, long[] save, int s) {
        int form = FORM[table];
        long ma = -(long) ((form >>> 2) & 1);
        long mb = -(long) ((form >>> 1) & 1);
        long a0lo = labels[2 * a] ^ (ma & dLo);
        long a0hi = labels[2 * a + 1] ^ (ma & dHi);
        long b0lo = labels[2 * b] ^ (mb & dLo);
        long b0hi = labels[2 * b + 1] ^ (mb & dHi);
        // Hashes of A0, A1 = A0 ^ D under tweak 2g and of B0, B1 under tweak 2g + 1.
        long j0 = gate << 1;
        int p = 2 * h;
        hin[p] = a0lo;
        hin[p + 1] = a0hi;
        hin[p + 2] = a0lo ^ dLo;
        hin[p + 3] = a0hi ^ dHi;
        hin[p + 4] = b0lo;
        hin[p + 5] = b0hi;
        hin[p + 6] = b0lo ^ dLo;
        hin[p + 7] = b0hi ^ dHi;
        tw[h] = j0;
        tw[h + 1] = j0;
        tw[h + 2] = j0 | 1;
        tw[h + 3] = j0 | 1;
        save[2 * s] = a0lo;
        save[2 * s + 1] = a0hi;
        return ((int) a0lo & 1) | (((int) b0lo & 1) << 1) | ((form & 1) << 2);
    }

    @Override
    public void garbleFinish(int info, long[] save, int s, long[] hout, int h, long dLo, long dHi,
            long[] labels, int out, long[] tables, int t) {
        long mpa = -(long) (info & 1);
        long mpb = -(long) ((info >>> 1) & 1);
        long mg = -(long) ((info >>> 2) & 1);
        int p = 2 * h;
        long h0lo = hout[p];
        long h0hi = hout[p + 1];
        long h2lo = hout[p + 4];
        long h2hi = hout[p + 5];
        long h23lo = h2lo ^ hout[p + 6];
        long h23hi = h2hi ^ hout[p + 7];
        // Generator half: T_G = H(A0) ^ H(A1) ^ pb*D, W_G = H(A0) ^ pa*T_G.
        long tgLo = h0lo ^ hout[p + 2] ^ (mpb & dLo);
        long tgHi = h0hi ^ hout[p + 3] ^ (mpb & dHi);
        long wgLo = h0lo ^ (mpa & tgLo);
        long wgHi = h0hi ^ (mpa & tgHi);
        // Evaluator half: T_E = H(B0) ^ H(B1) ^ A0, W_E = H(B0) ^ pb*(T_E ^ A0).
        long teLo = h23lo ^ save[2 * s];
        long teHi = h23hi ^ save[2 * s + 1];
        long weLo = h2lo ^ (mpb & h23lo);
        long weHi = h2hi ^ (mpb & h23hi);
        labels[2 * out] = wgLo ^ weLo ^ (mg & dLo);
        labels[2 * out + 1] = wgHi ^ weHi ^ (mg & dHi);
        tables[t] = tgLo;
        tables[t + 1] = tgHi;
        tables[t + 2] = teLo;
        tables[t + 3] = teHi;
    }

    @Override
    public int evalPrepare(long[] labels, int a, int b, long gate, long[] hin, long[] tw, int h,
            long[] save, int s) {
        long alo = labels[2 * a];
        long ahi = labels[2 * a + 1];
        long blo = labels[2 * b];
        long bhi = labels[2 * b + 1];
        int p = 2 * h;
        hin[p] = alo;
        hin[p + 1] = ahi;
        hin[p + 2] = blo;
        hin[p + 3] = bhi;
        tw[h] = gate << 1;
        tw[h + 1] = (gate << 1) | 1;
        save[2 * s] = alo;
        save[2 * s + 1] = ahi;
        return ((int) alo & 1) | (((int) blo & 1) << 1);
    }

    @Override
    public void evalFinish(int info, long[] save, int s, long[] hout, int h, long[] tables, int t,
            long[] labels, int out) {
        long msa = -(long) (info & 1);
        long msb = -(long) ((info >>> 1) & 1);
        int p = 2 * h;
        long wgLo = hout[p] ^ (msa & tables[t]);
        long wgHi = hout[p + 1] ^ (msa & tables[t + 1]);
        long weLo = hout[p + 2] ^ (msb & (tables[t + 2] ^ save[2 * s]));
        long weHi = hout[p + 3] ^ (msb & (tables[t + 3] ^ save[2 * s + 1]));
        labels[2 * out] = wgLo ^ weLo;
        labels[2 * out + 1] = wgHi ^ weHi;
    }
}
