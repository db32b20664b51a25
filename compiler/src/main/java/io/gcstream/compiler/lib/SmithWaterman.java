package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;

/**
 * Smith-Waterman local alignment score of the creator's n-residue and the evaluator's m-residue
 * protein, with FastGC's parameters (Huang, Evans, Katz, Malka 2011, §6): the BLOSUM62 score
 * matrix and the affine gap penalty gap(x) = −12 − 7x. Both parties learn the score,
 * max over i, j of D[i][j] with
 *
 * <pre>
 *   D[i][j] = max(0, max_o D[i−o][j] + gap(o), max_o D[i][j−o] + gap(o),
 *                 D[i−1][j−1] + score(a_i, b_j)),   D[0][·] = D[·][0] = 0.
 * </pre>
 *
 * <p>FastGC evaluates the two inner maxima literally, O(n) per cell. For an affine gap they
 * equal Gotoh's recurrences, E[i][j] = max(D[i−1][j] − 19, E[i−1][j] − 7) and the same for F
 * along the row, because gap(o) = gap(o − 1) − 7; so each cell costs O(1): this circuit has
 * about 16w + 95 ANDs per cell (w the bit width of the scores), 60×60 residues 0.9 million ANDs
 * ({@link #circuit}).
 *
 * <p><b>Values.</b> All values are unsigned with offsets that keep them non-negative and make
 * the constants few: D̂ = D + 19, Ê = E + 38, F̂ = F + 38, so Ê = max(D̂_up, Ê_up − 7) and
 * D̂ = max(19, max(Ê, F̂) − 19, D̂_diag + s), and M̂ = max(M̂_up, D̂) carries each column's best
 * down to the last row, where the readout takes the maximum and subtracts 19. Row and column 0
 * are D̂ = M̂ = 19, Ê = F̂ = 7 (so that the first gap costs exactly gap(1)). The width w is the
 * bit length of 11·min(n, m) + 19: 11 is BLOSUM62's largest entry, so no value overflows.
 *
 * <p><b>Inputs.</b> A residue is its index in {@link #AMINO_ACIDS} (A R N D C Q E G H I L K M F
 * P S T W Y V = 0 .. 19), five bits, residue i in bits 5i .. 5i+4. The creator's value is
 * encoded locally into, per residue, the 20 scores of its BLOSUM62 row (five-bit two's
 * complement each, 100 bits); the evaluator's residues go in as they are, and the cell picks
 * the score from the row with a multiplexer tree on the evaluator's five bits (19 × 5 ANDs).
 * Both parties may also give their protein as text ({@link TextAlphabet#PROTEIN}).
 */
final class SmithWaterman {
    /** The amino acids in BLOSUM order; a residue's code is its index here. */
    public static final String AMINO_ACIDS = "ARNDCQEGHILKMFPSTWYV";
    /** Bits of a residue code. */
    public static final int CODE_BITS = 5;
    /** gap(x) = GAP_OPEN + GAP_EXTEND · x, FastGC's parameters. */
    public static final int GAP_OPEN = -12;
    public static final int GAP_EXTEND = -7;

    private static final int SCORE_BITS = 5;
    private static final int FIRST_GAP = -(GAP_OPEN + GAP_EXTEND); // 19
    private static final int EXTEND = -GAP_EXTEND; // 7

    /** BLOSUM62 over {@link #AMINO_ACIDS}, symmetric, entries −4 .. 11. */
    private static final int[][] BLOSUM62 = {
        {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0},
        {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3},
        {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3},
        {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3},
        {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1},
        {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2},
        {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2},
        {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3},
        {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3},
        {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3},
        {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1},
        {-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2},
        {-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1},
        {-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1},
        {-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2},
        {1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2},
        {0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0},
        {-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3},
        {-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1},
        {0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4},
    };
    /** BLOSUM62's largest entry: no alignment scores more per residue pair. */
    static final int MAX_SCORE = 11;

    private SmithWaterman() {
    }

    /** BLOSUM62 entry of residues {@code a} and {@code b} (codes 0 .. 19). */
    public static int score(int a, int b) {
        return BLOSUM62[a][b];
    }

    /** gap(x) = −12 − 7x. */
    public static int gap(int length) {
        return GAP_OPEN + GAP_EXTEND * length;
    }

    /**
     * The streamed circuit for the creator's {@code n} and the evaluator's {@code m} residues.
     * Its creator input is the encoded score rows; use {@link #library} for the encoders.
     *
     * @throws IllegalArgumentException if n or m is below 1
     */
    public static Circuit circuit(int n, int m) {
        return grid(n, m, GridCircuit.MAX_LANES).circuit();
    }

    static GridCircuit grid(int n, int m, int maxLanes) {
        return grid(n, m, maxLanes, GridCircuit.GROUPS, GridCircuit.MAX_SEGMENT_STEPS);
    }

    /** The grid with at most {@code maxLanes} lanes a group, {@code groups} groups and segments of {@code steps} (tests vary them). */
    static GridCircuit grid(int n, int m, int maxLanes, int groups, int steps) {
        Library.positive(n, "n");
        Library.positive(m, "m");
        return new GridCircuit(new Cell(Math.min(n, m)), n, m, maxLanes, groups, steps);
    }

    /** The circuit with its encoders: values are residue codes, or text over {@link TextAlphabet#PROTEIN}. */
    public static LibraryCircuit library(int n, int m) {
        Circuit c = circuit(n, m);
        InputEncoder creator = TextAlphabet.PROTEIN.encoder(new ScoreRows(n));
        InputEncoder evaluator = TextAlphabet.PROTEIN.encoder(new Codes(m));
        return LibraryCircuit.of("smithwaterman" + n + "x" + m, c).withCreatorEncoder(creator)
                .withEvaluatorEncoder(evaluator);
    }

    /** Bits of the score both parties learn: enough for 11·min(n, m). */
    public static int outputWidth(int n, int m) {
        return bitLength((long) MAX_SCORE * Math.min(n, m));
    }

    /** The value bits of a protein given as residue codes, five bits each. */
    public static boolean[] encode(int[] codes) {
        boolean[] bits = new boolean[codes.length * CODE_BITS];
        for (int i = 0; i < codes.length; i++) {
            checkCode(codes[i], i);
            for (int b = 0; b < CODE_BITS; b++) {
                bits[i * CODE_BITS + b] = (codes[i] >> b & 1) == 1;
            }
        }
        return bits;
    }

    private static void checkCode(int code, int residue) {
        if (code < 0 || code >= AMINO_ACIDS.length()) {
            throw new IllegalArgumentException("residue " + residue + " has code " + code
                    + ", not one of the 20 amino acids (0..19)");
        }
    }

    private static int[] codes(boolean[] value, int length) {
        if (value.length != length * CODE_BITS) {
            throw new IllegalArgumentException("expected " + length * CODE_BITS + " bits, got " + value.length);
        }
        int[] codes = new int[length];
        for (int i = 0; i < length; i++) {
            int c = 0;
            for (int b = 0; b < CODE_BITS; b++) {
                c |= value[i * CODE_BITS + b] ? 1 << b : 0;
            }
            checkCode(c, i);
            codes[i] = c;
        }
        return codes;
    }

    /** The creator's encoder: each residue code becomes its BLOSUM62 row, 20 five-bit scores. */
    private static final class ScoreRows implements InputEncoder {
        private final int length;

        ScoreRows(int length) {
            this.length = length;
        }

        @Override
        public int valueWidth() {
            return length * CODE_BITS;
        }

        @Override
        public int inputWidth() {
            return length * 20 * SCORE_BITS;
        }

        @Override
        public boolean[] encode(boolean[] value) {
            int[] codes = codes(value, length);
            boolean[] bits = new boolean[inputWidth()];
            int at = 0;
            for (int c : codes) {
                for (int k = 0; k < 20; k++) {
                    int s = BLOSUM62[c][k];
                    for (int b = 0; b < SCORE_BITS; b++) {
                        bits[at++] = (s >> b & 1) == 1;
                    }
                }
            }
            return bits;
        }

        @Override
        public String toString() {
            return "BLOSUM62 rows of " + length + " residues";
        }
    }

    /** The evaluator's encoder: residue codes as they are, checked to be below 20. */
    private static final class Codes implements InputEncoder {
        private final int length;

        Codes(int length) {
            this.length = length;
        }

        @Override
        public int valueWidth() {
            return length * CODE_BITS;
        }

        @Override
        public int inputWidth() {
            return length * CODE_BITS;
        }

        @Override
        public boolean[] encode(boolean[] value) {
            codes(value, length);
            return value.clone();
        }

        /** The bits pass unchanged; only codes above 19 are refused. */
        @Override
        public boolean isIdentity() {
            return true;
        }

        @Override
        public String toString() {
            return length + " residue codes";
        }
    }

    /**
     * The cell: record (D̂, Ê, F̂, M̂), w bits each. Creator character: a BLOSUM62 row; evaluator
     * character: a residue code.
     */
    private static final class Cell implements GridCell {
        private final int w;
        private final int outWidth;
        private final int[] top;
        private final int[] left;
        private final int[] diag;
        private final int[] all;
        private final int[] readout;

        Cell(int columns) {
            this.w = bitLength((long) MAX_SCORE * columns + FIRST_GAP);
            this.outWidth = bitLength((long) MAX_SCORE * columns);
            this.top = concat(field(0), field(1), field(3));
            this.left = concat(field(0), field(2));
            this.diag = field(0);
            this.all = concat(field(0), field(1), field(2), field(3));
            this.readout = field(3);
        }

        private int[] field(int k) {
            int[] f = new int[w];
            for (int b = 0; b < w; b++) {
                f[b] = k * w + b;
            }
            return f;
        }

        private static int[] concat(int[]... parts) {
            int n = 0;
            for (int[] p : parts) {
                n += p.length;
            }
            int[] r = new int[n];
            int at = 0;
            for (int[] p : parts) {
                System.arraycopy(p, 0, r, at, p.length);
                at += p.length;
            }
            return r;
        }

        @Override
        public String name() {
            return "sw";
        }

        @Override
        public int creatorCharBits() {
            return 20 * SCORE_BITS;
        }

        @Override
        public int evaluatorCharBits() {
            return CODE_BITS;
        }

        @Override
        public int recordBits() {
            return 4 * w;
        }

        @Override
        public int[] topFields(int variant) {
            return top.clone();
        }

        @Override
        public int[] leftFields(int variant) {
            return left.clone();
        }

        @Override
        public int[] diagFields(int variant) {
            return diag.clone();
        }

        @Override
        public int[] outFields(int variant) {
            return all.clone();
        }

        @Override
        public Word cell(CircuitBuilder b, int variant, Word row, Word code, Word up, Word lf, Word dg) {
            Word s = lookup(b, row, code);
            Word dUp = up.slice(0, w);
            Word eUp = up.slice(w, 2 * w);
            Word mUp = up.slice(2 * w, 3 * w);
            Word dLeft = lf.slice(0, w);
            Word fLeft = lf.slice(w, 2 * w);
            Word e = max(b, dUp, Arithmetic.sub(b, eUp, b.constant(EXTEND, w)));
            Word f = max(b, dLeft, Arithmetic.sub(b, fLeft, b.constant(EXTEND, w)));
            Word gapped = Arithmetic.sub(b, max(b, e, f), b.constant(FIRST_GAP, w));
            Word matched = Arithmetic.add(b, dg, signExtend(s, w));
            Word d = max(b, max(b, gapped, matched), b.constant(FIRST_GAP, w));
            Word m = max(b, mUp, d);
            return d.concat(e).concat(f).concat(m);
        }

        /** The score row's entry at the code: a multiplexer tree on the code's bits, 19 × 5 ANDs. */
        private static Word lookup(CircuitBuilder b, Word row, Word code) {
            Word[] level = new Word[20];
            for (int k = 0; k < 20; k++) {
                level[k] = row.slice(k * SCORE_BITS, (k + 1) * SCORE_BITS);
            }
            int count = 20;
            for (int bit = 0; count > 1; bit++) {
                int next = 0;
                for (int k = 0; k < count; k += 2) {
                    // A node without a right sibling holds codes whose bit here is 0: it passes.
                    level[next++] = k + 1 < count ? b.mux(code.bit(bit), level[k], level[k + 1]) : level[k];
                }
                count = next;
            }
            return level[0];
        }

        private static Word signExtend(Word x, int width) {
            int[] r = new int[width];
            for (int k = 0; k < width; k++) {
                r[k] = x.bit(Math.min(k, x.width() - 1));
            }
            return Word.of(r);
        }

        private static Word max(CircuitBuilder b, Word x, Word y) {
            return b.mux(Arithmetic.lessThan(b, x, y), x, y);
        }

        /** Bit {@code bit} of the boundary record: D̂ = M̂ = 19, Ê = F̂ = 7. */
        private boolean boundary(int bit) {
            int field = bit / w;
            int value = field == 1 || field == 2 ? EXTEND : FIRST_GAP;
            return (value >>> (bit % w) & 1) != 0;
        }

        @Override
        public boolean topBoundary(int j, int bit) {
            return boundary(bit);
        }

        @Override
        public boolean leftBoundary(int i, int bit) {
            return boundary(bit);
        }

        @Override
        public int outputWidth() {
            return outWidth;
        }

        @Override
        public int[] readoutFields() {
            return readout.clone();
        }

        @Override
        public Word readout(CircuitBuilder b, Word lastRow, int rows, int columns) {
            Word best = lastRow.slice(0, w);
            for (int j = 1; j < columns; j++) {
                best = max(b, best, lastRow.slice(j * w, (j + 1) * w));
            }
            return Arithmetic.sub(b, best, b.constant(FIRST_GAP, w)).slice(0, outWidth);
        }
    }

    private static int bitLength(long x) {
        return 64 - Long.numberOfLeadingZeros(x);
    }
}
