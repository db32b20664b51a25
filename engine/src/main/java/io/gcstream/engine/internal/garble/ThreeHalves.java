package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;

/**
 * Three-halves garbling (Rosulek and Roy, "Three Halves Make a Whole? Beating the Half-Gates
 * Lower Bound for Garbled Circuits", CRYPTO 2021): an AND costs three half-ciphertexts
 * (24 bytes) plus 5 control bits, six hashes to garble and three to evaluate, with free-XOR.
 * Any non-linear table is garbled as f(a,b) = ((a ⊕ α) ∧ (b ⊕ β)) ⊕ γ, as in
 * {@link HalfGates}: α and β only flip which colour means 0, γ adds Δ to the output 0-label.
 *
 * <p>Labels are sliced into halves, L the low long and R the high long (Δ = (Δ_L, Δ_R) with
 * lowest bit 1, the only requirement on Δ). Let X, Y be the input labels of colour (lowest
 * bit) 0, Z = X ⊕ Y, and p, q the colours that mean 0 for the AND. The evaluator holds
 * A = X ⊕ iΔ and B = Y ⊕ jΔ, so it knows its colours i, j, and computes
 *
 * <pre>
 * C_L = H(A) ⊕ H(A⊕B) ⊕ i(G0 ⊕ B_L) ⊕ (i⊕j)G2 ⊕ r1(A_L ⊕ A_R ⊕ B_L) ⊕ r2(A_L ⊕ B_R)
 * C_R = H(B) ⊕ H(A⊕B) ⊕ j(G1 ⊕ A_R) ⊕ (i⊕j)G2 ⊕ r1(A_L ⊕ B_R) ⊕ r2(A_R ⊕ B_L ⊕ B_R)
 * r1  = z0 ⊕ i z2 ⊕ (i⊕j) z4 ⊕ h(A) ⊕ h(A⊕B)
 * r2  = z1 ⊕ j z3 ⊕ (i⊕j) z4 ⊕ h(B) ⊕ h(A⊕B)
 * </pre>
 *
 * <p>where H is the low half and h bit 64 of the {@link TweakableHash} output, with tweak 3g
 * for A, 3g + 1 for B and 3g + 2 for A ⊕ B (g the gate counter). The table is (G0, G1, G2)
 * and the control bits z0..z4. The first two lines are the paper's "slicing": the hashes enter
 * through a fixed matrix, G through one that depends on (i, j). The linear term in A, B is its
 * "dicing": besides the fixed i·B_L and j·A_R it depends on two bits r1, r2 per row, which the
 * garbler sets to r = c ⊕ (ip ⊕ (i⊕j)(p⊕q), jq ⊕ (i⊕j)(p⊕q)) with (c1, c2) random. That makes
 * C = C0 ⊕ (ab ⊕ γ)Δ in all four rows (a = i ⊕ p, b = j ⊕ q; C0 the output 0-label), and the
 * random c makes each row's r uniform, so the one the evaluator learns says nothing of p, q.
 * The bits r reach the evaluator through z, decoded like the labels but on single hash bits,
 * so it learns only its own row's.
 *
 * <p>The garbler's random (c1, c2) are bits 65 and 66 of H(X, 3g) ⊕ H(Y, 3g + 1): the evaluator
 * knows both hashes only in row (0, 0), whose r is c itself, and in every other row one of them
 * is a hash it cannot compute, so c is as good as random there (docs/protocol.md).
 *
 * <p>Solving the four rows gives the garbler's formulas below (u = X_L ⊕ Y_R, v = X_R ⊕ Y_L,
 * w1 = X_L ⊕ v, w2 = v ⊕ Y_R, d = Δ_L ⊕ Δ_R); {@code ThreeHalvesTest} checks them on every
 * row, table and colour. Output 0-label and table:
 *
 * <pre>
 * C0_L = H(X) ⊕ H(Z) ⊕ c1 w1 ⊕ c2 u ⊕ (pq ⊕ γ)Δ_L
 * C0_R = H(Y) ⊕ H(Z) ⊕ c1 u ⊕ c2 w2 ⊕ (pq ⊕ γ)Δ_R
 * G0 = H(X) ⊕ H(X⊕Δ) ⊕ Y_L ⊕ p(w1 ⊕ d) ⊕ q(u ⊕ Δ_R) ⊕ c2 Δ_L ⊕ (c1 ⊕ c2)Δ_R
 * G1 = H(Y) ⊕ H(Y⊕Δ) ⊕ X_R ⊕ p(u ⊕ Δ_L) ⊕ q(w2 ⊕ d) ⊕ (c1 ⊕ c2)Δ_L ⊕ c1 Δ_R
 * G2 = H(Z) ⊕ H(Z⊕Δ) ⊕ p(w2 ⊕ Δ_R) ⊕ q(w1 ⊕ Δ_L) ⊕ c1 Δ_L ⊕ c2 Δ_R
 * z  = (c1 ⊕ h(X) ⊕ h(Z), c2 ⊕ h(Y) ⊕ h(Z), p ⊕ h(X) ⊕ h(X⊕Δ), q ⊕ h(Y) ⊕ h(Y⊕Δ),
 *       p ⊕ q ⊕ h(Z) ⊕ h(Z⊕Δ))
 * </pre>
 *
 * <p>Wire: G0, G1, G2 as little-endian longs (24 bytes); z0..z4 as the gate's 5 control bits
 * (bit k = z_k), packed per batch by {@link ControlBits}.
 */
public final class ThreeHalves implements GarblingScheme {
    /** The stateless instance. */
    public static final ThreeHalves INSTANCE = new ThreeHalves();

    /** (α, β, γ) packed as bits 2, 1, 0, per non-linear table; 0 for linear ones. */
    private static final int[] FORM = new int[16];

    static {
        for (int t = 0; t < 16; t++) {
            FORM[t] = TruthTable.isLinear(t) ? 0 : TruthTable.andForm(t);
        }
    }

    private ThreeHalves() {
    }

    @Override
    public Scheme scheme() {
        return Scheme.THREE_HALVES;
    }

    @Override
    public int tableBytes() {
        return 24;
    }

    @Override
    public int controlBits() {
        return 5;
    }

    @Override
    public String summary() {
        return "1.5 ciphertexts + 5 bits per AND";
    }

    @Override
    public int garbleBlocks() {
        return 6;
    }

    @Override
    public int evalBlocks() {
        return 3;
    }

    @Override
    public int garblePrepare(int table, long[] labels, int a, int b, long dLo, long dHi,
            long gate, TweakableHash hash, int h) {
        int form = FORM[table];
        long a0lo = labels[a];
        long a0hi = labels[a + 1];
        long b0lo = labels[b];
        long b0hi = labels[b + 1];
        int pa = (int) a0lo & 1;
        int pb = (int) b0lo & 1;
        long ma = -(long) pa;
        long mb = -(long) pb;
        // The colour-0 labels X, Y; Z = X ^ Y.
        long xl = a0lo ^ (ma & dLo);
        long xr = a0hi ^ (ma & dHi);
        long yl = b0lo ^ (mb & dLo);
        long yr = b0hi ^ (mb & dHi);
        long t = 3 * gate;
        hash.input(h, xl, xr, t);
        hash.input(h + 1, xl ^ dLo, xr ^ dHi, t);
        hash.input(h + 2, yl, yr, t + 1);
        hash.input(h + 3, yl ^ dLo, yr ^ dHi, t + 1);
        hash.input(h + 4, xl ^ yl, xr ^ yr, t + 2);
        hash.input(h + 5, xl ^ yl ^ dLo, xr ^ yr ^ dHi, t + 2);
        // p, q: the colours of the AND's 0-inputs after the negations alpha, beta.
        int p = pa ^ ((form >>> 2) & 1);
        int q = pb ^ ((form >>> 1) & 1);
        return p | (q << 1) | ((form & 1) << 2);
    }

    @Override
    public int garbleFinish(int info, TweakableHash hash, int h, long dLo, long dHi,
            long[] labels, int out, byte[] tables, int t) {
        int p = info & 1;
        int q = (info >>> 1) & 1;
        long xl = hash.inputLo(h);
        long xr = hash.inputHi(h);
        long yl = hash.inputLo(h + 2);
        long yr = hash.inputHi(h + 2);
        long hx0 = hash.lo(h);
        long hx1 = hash.lo(h + 1);
        long hy0 = hash.lo(h + 2);
        long hy1 = hash.lo(h + 3);
        long hz0 = hash.lo(h + 4);
        long hz1 = hash.lo(h + 5);
        // Bit 0 of each high half is the hash's control bit h(.); bits 1, 2 of H(X) ^ H(Y) are c.
        int bx0 = (int) hash.hi(h);
        int bx1 = (int) hash.hi(h + 1);
        int by0 = (int) hash.hi(h + 2);
        int by1 = (int) hash.hi(h + 3);
        int bz0 = (int) hash.hi(h + 4);
        int bz1 = (int) hash.hi(h + 5);
        int c = (bx0 ^ by0) >>> 1;
        long m1 = -(long) (c & 1);
        long m2 = -(long) ((c >>> 1) & 1);
        long mp = -(long) p;
        long mq = -(long) q;
        long mo = -(long) ((p & q) ^ ((info >>> 2) & 1));
        long u = xl ^ yr;
        long v = xr ^ yl;
        long w1 = xl ^ v;
        long w2 = v ^ yr;
        long d = dLo ^ dHi;
        long m12 = m1 ^ m2;
        labels[out] = hx0 ^ hz0 ^ (m1 & w1) ^ (m2 & u) ^ (mo & dLo);
        labels[out + 1] = hy0 ^ hz0 ^ (m1 & u) ^ (m2 & w2) ^ (mo & dHi);
        LittleEndian.put(tables, t, hx0 ^ hx1 ^ yl ^ (mp & (w1 ^ d)) ^ (mq & (u ^ dHi))
                ^ (m2 & dLo) ^ (m12 & dHi));
        LittleEndian.put(tables, t + 8, hy0 ^ hy1 ^ xr ^ (mp & (u ^ dLo)) ^ (mq & (w2 ^ d))
                ^ (m12 & dLo) ^ (m1 & dHi));
        LittleEndian.put(tables, t + 16, hz0 ^ hz1 ^ (mp & (w2 ^ dHi)) ^ (mq & (w1 ^ dLo))
                ^ (m1 & dLo) ^ (m2 & dHi));
        int z0 = c ^ bx0 ^ bz0;
        int z1 = (c >>> 1) ^ by0 ^ bz0;
        int z2 = p ^ bx0 ^ bx1;
        int z3 = q ^ by0 ^ by1;
        int z4 = p ^ q ^ bz0 ^ bz1;
        return (z0 & 1) | ((z1 & 1) << 1) | ((z2 & 1) << 2) | ((z3 & 1) << 3) | ((z4 & 1) << 4);
    }

    @Override
    public int evalPrepare(long[] labels, int a, int b, long gate, TweakableHash hash, int h) {
        long al = labels[a];
        long ar = labels[a + 1];
        long bl = labels[b];
        long br = labels[b + 1];
        long t = 3 * gate;
        hash.input(h, al, ar, t);
        hash.input(h + 1, bl, br, t + 1);
        hash.input(h + 2, al ^ bl, ar ^ br, t + 2);
        return ((int) al & 1) | (((int) bl & 1) << 1);
    }

    @Override
    public void evalFinish(int info, int control, TweakableHash hash, int h, byte[] tables,
            int t, long[] labels, int out) {
        int i = info & 1;
        int j = (info >>> 1) & 1;
        int k = i ^ j;
        long al = hash.inputLo(h);
        long ar = hash.inputHi(h);
        long bl = hash.inputLo(h + 1);
        long br = hash.inputHi(h + 1);
        long hab = hash.lo(h + 2);
        int sab = (int) hash.hi(h + 2);
        int zk = k & (control >>> 4);
        int r1 = control ^ (i & (control >>> 2)) ^ zk ^ (int) hash.hi(h) ^ sab;
        int r2 = (control >>> 1) ^ (j & (control >>> 3)) ^ zk ^ (int) hash.hi(h + 1) ^ sab;
        long m1 = -(long) (r1 & 1);
        long m2 = -(long) (r2 & 1);
        long mi = -(long) i;
        long mj = -(long) j;
        long g2 = -(long) k & LittleEndian.get(tables, t + 16);
        long u = al ^ br;
        long v = ar ^ bl;
        labels[out] = hash.lo(h) ^ hab ^ (mi & (LittleEndian.get(tables, t) ^ bl)) ^ g2
                ^ (m1 & (al ^ v)) ^ (m2 & u);
        labels[out + 1] = hash.lo(h + 1) ^ hab ^ (mj & (LittleEndian.get(tables, t + 8) ^ ar))
                ^ g2 ^ (m1 & u) ^ (m2 & (v ^ br));
    }
}
