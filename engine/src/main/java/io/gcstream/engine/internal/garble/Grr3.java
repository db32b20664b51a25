package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;

/**
 * Point-and-permute with garbled row reduction (GRR3) and free-XOR: three ciphertexts per
 * non-linear gate, four hashes to garble and one to evaluate. This is the scheme of the ME-SFE
 * paper (with fixed-key AES instead of SHA-1), kept for comparison with half-gates.
 *
 * <p>Rows are indexed by the permute bits (i, j) of the active input labels. The row key is
 * K = 2A ⊕ 4B ⊕ g (doubling in GF(2^128), as in JustGarble), hashed as π(K) ⊕ K. The output
 * 0-label is chosen so that row (0,0) needs no ciphertext; the table holds rows 1, 2, 3.
 */
public final class Grr3 implements GarblingScheme {
    /** The stateless instance. */
    public static final Grr3 INSTANCE = new Grr3();

    private Grr3() {
    }

    @Override
    public Scheme scheme() {
        return Scheme.GRR3;
    }

    @Override
    public int tableBytes() {
        return 48;
    }

    @Override
    public String summary() {
        return "3 ciphertexts per AND";
    }

    @Override
    public int garbleBlocks() {
        return 4;
    }

    @Override
    public int evalBlocks() {
        return 1;
    }

    @Override
    public int garblePrepare(int table, long[] labels, int a, int b, long dLo, long dHi,
            long gate, TweakableHash hash, int h) {
        long a0lo = labels[a];
        long a0hi = labels[a + 1];
        long b0lo = labels[b];
        long b0hi = labels[b + 1];
        int pa = (int) a0lo & 1;
        int pb = (int) b0lo & 1;
        // 2*A_i for the label with permute bit i: A_i = A0 ^ (i ^ pa) D.
        long d2lo = Labels.dblLo(dLo, dHi);
        long d2hi = Labels.dblHi(dLo, dHi);
        long d4lo = Labels.dblLo(d2lo, d2hi);
        long d4hi = Labels.dblHi(d2lo, d2hi);
        long a2lo = Labels.dblLo(a0lo, a0hi);
        long a2hi = Labels.dblHi(a0lo, a0hi);
        long b2lo = Labels.dblLo(b0lo, b0hi);
        long b2hi = Labels.dblHi(b0lo, b0hi);
        long b4lo = Labels.dblLo(b2lo, b2hi);
        long b4hi = Labels.dblHi(b2lo, b2hi);
        long ma = -(long) pa;
        long mb = -(long) pb;
        // Row i = 0 uses A_0 = A0 ^ pa*D; row i = 1 the other label.
        long x0lo = a2lo ^ (ma & d2lo);
        long x0hi = a2hi ^ (ma & d2hi);
        long y0lo = b4lo ^ (mb & d4lo);
        long y0hi = b4hi ^ (mb & d4hi);
        hash.input(h, x0lo ^ y0lo, x0hi ^ y0hi, gate);
        hash.input(h + 1, x0lo ^ y0lo ^ d4lo, x0hi ^ y0hi ^ d4hi, gate);
        hash.input(h + 2, x0lo ^ d2lo ^ y0lo, x0hi ^ d2hi ^ y0hi, gate);
        hash.input(h + 3, x0lo ^ d2lo ^ y0lo ^ d4lo, x0hi ^ d2hi ^ y0hi ^ d4hi, gate);
        return table | (pa << 4) | (pb << 5);
    }

    @Override
    public int garbleFinish(int info, TweakableHash hash, int h, long dLo, long dHi,
            long[] labels, int out, byte[] tables, int t) {
        int table = info & 15;
        int pa = (info >>> 4) & 1;
        int pb = (info >>> 5) & 1;
        // Row r = 2i + j holds the values (i ^ pa, j ^ pb).
        long m0 = -(long) TruthTable.eval(table, pa, pb);
        long c0lo = hash.lo(h) ^ (m0 & dLo);
        long c0hi = hash.hi(h) ^ (m0 & dHi);
        labels[out] = c0lo;
        labels[out + 1] = c0hi;
        for (int r = 1; r < 4; r++) {
            long m = -(long) TruthTable.eval(table, (r >>> 1) ^ pa, (r & 1) ^ pb);
            LittleEndian.put(tables, t + 16 * (r - 1), hash.lo(h + r) ^ c0lo ^ (m & dLo));
            LittleEndian.put(tables, t + 16 * (r - 1) + 8, hash.hi(h + r) ^ c0hi ^ (m & dHi));
        }
        return 0;
    }

    @Override
    public int evalPrepare(long[] labels, int a, int b, long gate, TweakableHash hash, int h) {
        long alo = labels[a];
        long ahi = labels[a + 1];
        long blo = labels[b];
        long bhi = labels[b + 1];
        long b2lo = Labels.dblLo(blo, bhi);
        long b2hi = Labels.dblHi(blo, bhi);
        hash.input(h, Labels.dblLo(alo, ahi) ^ Labels.dblLo(b2lo, b2hi),
                Labels.dblHi(alo, ahi) ^ Labels.dblHi(b2lo, b2hi), gate);
        return (((int) alo & 1) << 1) | ((int) blo & 1);
    }

    @Override
    public void evalFinish(int info, int control, TweakableHash hash, int h, byte[] tables, int t,
            long[] labels, int out) {
        // Row 0 has no ciphertext; rows 1..3 are at bytes t, t+16, t+32.
        long m = -(long) (info != 0 ? 1 : 0);
        int row = t + 16 * Math.max(info - 1, 0);
        labels[out] = hash.lo(h) ^ (m & LittleEndian.get(tables, row));
        labels[out + 1] = hash.hi(h) ^ (m & LittleEndian.get(tables, row + 8));
    }
}
