package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;
import java.util.function.LongSupplier;

/**
 * Edit distance (Levenshtein, unit costs) of the creator's n-character and the evaluator's
 * m-character string, σ bits per character (character i in input bits iσ .. iσ+σ−1), output to
 * both parties as {@link #outputWidth} bits. The circuit is the dynamic program D[i][j] =
 * min(D[i−1][j] + 1, D[i][j−1] + 1, D[i−1][j−1] + t), t = (a_i ≠ b_j), one cell per (i, j),
 * streamed: {@link GridCircuit} generates the calls on the fly, so any size runs in memory
 * bounded by two rows of the grid.
 *
 * <p><b>The cell</b> ({@link #circuit}). Neighbouring entries of D differ by at most 1, so with
 * z = D[i−1][j−1] the cell's other inputs are z + h and z + v with h = h[i−1][j] and
 * v = v[i][j−1] in {−1, 0, 1}, and D[i][j] = z + d with d = t ∧ (h ≠ −1) ∧ (v ≠ −1) ∈ {0, 1}:
 * the minimum is z if the characters are equal, or if a neighbour is z − 1, and z + 1 otherwise.
 * So the cell carries differences, not values: it takes h and v as two bits each (is +1, is −1)
 * and returns h[i][j] = d − v and v[i][j] = d − h. With π_v = d ∧ ¬h₊ the new v is
 * (h₋ ⊕ π_v, h₊ ⊕ d ⊕ π_v), and likewise for h; checking the five possible (d, h) cases shows
 * it. ANDs per cell: σ − 1 for t (a tree over the σ XNORs; the minimum, as t has degree σ),
 * 2 for d, 1 each for π_v and π_h: <b>σ + 3</b>, whatever the size of D; row 0 and column 0
 * are the constant +1 held in slots, so every cell is the same. At the end
 * D[n][m] = rows + Σ_j h[rows][j] = (rows − columns) + Σ_j (h₊ + ¬h₋), one Hamming weight of
 * 2·columns bits and a constant addition. Total, with rows = max(n, m) and columns = min(n, m):
 * {@link #nonLinearCount}.
 *
 * <p><b>FastGC's cell</b> ({@link #fastGcCircuit}). FastGC (Huang, Evans, Katz, Malka 2011, §5)
 * carries the values D[i][j] at their minimal width ℓ = bitLength(max(i, j)) and computes
 * "if D[i−1][j−1] > x then x + 1 else D[i−1][j−1] + t" with x = min(D[i−1][j], D[i][j−1]):
 * comparator and multiplexer for x (2ℓ), t (σ − 1), comparator (ℓ), multiplexer (ℓ), the carry
 * in (1) and the increment (ℓ − 1: the ℓ-bit result needs no carry out; FastGC counts ℓ):
 * 5ℓ + σ − 1 ANDs per cell. Its 2000×10000 DNA run had 1.29·10⁹ non-linear gates
 * ({@link #fastGcNonLinearCount}); the default cell has 1.00·10⁸.
 */
final class Levenshtein {
    /** Bits per character of the DNA alphabet A, C, G, T (codes 0, 1, 2, 3). */
    public static final int DNA = 2;
    /** Bits per character of byte strings. */
    public static final int BYTES = 8;
    /** The largest σ accepted. */
    public static final int MAX_SIGMA = 16;
    /** The DNA alphabet in code order: character c has code {@code DNA_ALPHABET.indexOf(c)}. */
    public static final String DNA_ALPHABET = "ACGT";

    private Levenshtein() {
    }

    /**
     * The streamed circuit with the difference cell (σ + 3 ANDs per cell) for the creator's
     * {@code n} and the evaluator's {@code m} characters of {@code sigma} bits.
     *
     * @throws IllegalArgumentException if n or m is below 1 or sigma is not in 1..{@value #MAX_SIGMA}
     */
    public static Circuit circuit(int n, int m, int sigma) {
        return grid(n, m, sigma, false).circuit();
    }

    /**
     * The streamed circuit with FastGC's cell (values at their minimal width, 5ℓ + σ − 1 ANDs
     * per cell), for comparing with FastGC like for like.
     */
    public static Circuit fastGcCircuit(int n, int m, int sigma) {
        return grid(n, m, sigma, true).circuit();
    }

    /** The grid of either circuit. */
    static GridCircuit grid(int n, int m, int sigma, boolean fastGc) {
        return grid(n, m, sigma, fastGc, GridCircuit.MAX_LANES);
    }

    /** The grid with at most {@code maxLanes} lanes a group (tests vary it). */
    static GridCircuit grid(int n, int m, int sigma, boolean fastGc, int maxLanes) {
        return grid(n, m, sigma, fastGc, maxLanes, GridCircuit.GROUPS, GridCircuit.MAX_SEGMENT_STEPS);
    }

    /** The grid with at most {@code maxLanes} lanes a group, {@code groups} groups and segments of {@code steps} (tests vary them). */
    static GridCircuit grid(int n, int m, int sigma, boolean fastGc, int maxLanes, int groups, int steps) {
        checkParameters(n, m, sigma);
        GridCell cell = fastGc ? new FastGcCell(sigma, outputWidth(n, m))
                : new DifferenceCell(sigma, outputWidth(n, m));
        return new GridCircuit(cell, n, m, maxLanes, groups, steps);
    }

    /** Bits of the distance: the bit length of max(n, m), which bounds it. */
    public static int outputWidth(int n, int m) {
        return bitLength(Math.max(n, m));
    }

    /**
     * Non-linear gates of {@link #circuit}, computed without building it. With r = max(n, m),
     * c = min(n, m), w = bitLength(c), W = bitLength(r): cells r·c·(σ + 3); readout
     * 2c − HW(c) − 1 (the weight of 2c bits below 2^w; its top carry is not needed) plus, if
     * r > c, max(0, min(w, W − 1) − tz(r − c) − 1) for adding the constant r − c (tz = trailing
     * zeros).
     */
    public static long nonLinearCount(int n, int m, int sigma) {
        checkParameters(n, m, sigma);
        long rows = Math.max(n, m);
        long cols = Math.min(n, m);
        long cells = exact(() -> Math.multiplyExact(rows * cols, sigma + 3));
        long readout = 2 * cols - Long.bitCount(cols) - 1;
        long c = rows - cols;
        if (c > 0) {
            int w = bitLength(cols);
            int width = bitLength(rows);
            readout += Math.max(0, Math.min(w, width - 1) - Long.numberOfTrailingZeros(c) - 1);
        }
        return cells + readout;
    }

    /**
     * FastGC's count for the same problem: its optimised cell of 5ℓ + σ non-linear gates at
     * every cell, ℓ the bit length of the largest value D[i][j] can take, max(i, j). This is the
     * formula of its §5; it gives 1,289,699,910 for 2000×10000 DNA, the 1.29 billion it reports.
     */
    public static long fastGcNonLinearCount(int n, int m, int sigma) {
        checkParameters(n, m, sigma);
        return exact(() -> {
            long widths = 0; // Σ over cells of bitLength(max(i, j)), by ranges of equal bit length
            for (int bits = 1; bits <= 32; bits++) {
                long cells = cellsWithMaxAtMost(n, m, (1L << bits) - 1)
                        - cellsWithMaxAtMost(n, m, (1L << (bits - 1)) - 1);
                widths = Math.addExact(widths, Math.multiplyExact(bits, cells));
            }
            return Math.addExact(Math.multiplyExact(5, widths), Math.multiplyExact((long) n * m, sigma));
        });
    }

    /** The count, or an error saying it does not fit a long. */
    private static long exact(LongSupplier count) {
        try {
            return count.getAsLong();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("the gate count does not fit in 64 bits", e);
        }
    }

    private static long cellsWithMaxAtMost(long n, long m, long k) {
        return Math.min(n, k) * Math.min(m, k);
    }

    /**
     * A party's input bits for a string of character codes, each below 2^sigma: character i in
     * bits {@code i·sigma} .. {@code i·sigma + sigma − 1}, least significant first.
     */
    public static boolean[] encode(int[] codes, int sigma) {
        if (sigma < 1 || sigma > MAX_SIGMA) {
            throw new IllegalArgumentException("sigma must be in 1.." + MAX_SIGMA + ", got " + sigma);
        }
        boolean[] bits = new boolean[codes.length * sigma];
        for (int i = 0; i < codes.length; i++) {
            if (codes[i] < 0 || codes[i] >= 1 << sigma) {
                throw new IllegalArgumentException("character " + i + " has code " + codes[i]
                        + ", not a " + sigma + "-bit value");
            }
            for (int b = 0; b < sigma; b++) {
                bits[i * sigma + b] = (codes[i] >> b & 1) == 1;
            }
        }
        return bits;
    }

    /** A party's input bits for a DNA string of A, C, G, T (either case), 2 bits per character. */
    public static boolean[] encodeDna(CharSequence dna) {
        int[] codes = new int[dna.length()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = DNA_ALPHABET.indexOf(Character.toUpperCase(dna.charAt(i)));
            if (codes[i] < 0) {
                throw new IllegalArgumentException("character " + i + " of the DNA string is '"
                        + dna.charAt(i) + "', not one of A, C, G, T");
            }
        }
        return encode(codes, DNA);
    }

    /**
     * One cell: characters x and y, h = D[i−1][j] − D[i−1][j−1] and v = D[i][j−1] − D[i−1][j−1]
     * as (is +1, is −1) bit pairs. Returns h[i][j] = D[i][j] − D[i][j−1] then
     * v[i][j] = D[i][j] − D[i−1][j], the same way. σ + 3 ANDs (see the class comment).
     */
    static Word cell(CircuitBuilder b, Word x, Word y, Word h, Word v) {
        int t = b.not(Arithmetic.equal(b, x, y));
        int hPlus = h.bit(0);
        int hMinus = h.bit(1);
        int vPlus = v.bit(0);
        int vMinus = v.bit(1);
        // d = D[i][j] − D[i−1][j−1]: 1 iff the characters differ and no neighbour is one less.
        int d = b.and(b.and(t, b.not(hMinus)), b.not(vMinus));
        // v' = d − h: d = 0 gives −h = (h₋, h₊); d = 1 (so h ≠ −1) gives 1 − h = (¬h₊, 0).
        int piV = b.and(d, b.not(hPlus));
        int piH = b.and(d, b.not(vPlus));
        Word hOut = Word.of(b.xor(vMinus, piH), b.xor(b.xor(vPlus, d), piH));
        Word vOut = Word.of(b.xor(hMinus, piV), b.xor(b.xor(hPlus, d), piV));
        return hOut.concat(vOut);
    }

    /**
     * D[rows][columns] from the last row's differences h (2·columns bits): rows + Σ h_j, computed
     * as (rows − columns) + weight(h₊, ¬h₋). The weight is D − rows + columns ≤ columns, so its
     * low bitLength(columns) bits are all of it.
     */
    static Word readout(CircuitBuilder b, Word h, int rows, int columns, int width) {
        int[] ones = new int[2 * columns];
        for (int j = 0; j < columns; j++) {
            ones[2 * j] = h.bit(2 * j);
            ones[2 * j + 1] = b.not(h.bit(2 * j + 1));
        }
        int w = bitLength(columns);
        Word weight = Arithmetic.popcount(b, Word.of(ones)).slice(0, w);
        Word wide = weight.concat(b.constant(0, width - w));
        return Arithmetic.add(b, wide, b.constant(rows - columns, width));
    }

    private static void checkParameters(int n, int m, int sigma) {
        Library.positive(n, "n");
        Library.positive(m, "m");
        if (sigma < 1 || sigma > MAX_SIGMA) {
            throw new IllegalArgumentException("sigma must be in 1.." + MAX_SIGMA + ", got " + sigma);
        }
    }

    private static int bitLength(long x) {
        return 64 - Long.numberOfLeadingZeros(x);
    }


    /**
     * FastGC's cell at width ℓ: D[i][j] from the characters x, y and top = D[i−1][j],
     * left = D[i][j−1], diag = D[i−1][j−1], each ℓ bits. 5ℓ + σ − 1 ANDs.
     */
    static Word fastGcCell(CircuitBuilder b, Word x, Word y, Word top, Word left, Word diag) {
        int lt = Arithmetic.lessThan(b, top, left);
        Word min = b.mux(lt, left, top);
        int t = b.not(Arithmetic.equal(b, x, y));
        int diagAbove = Arithmetic.lessThan(b, min, diag);
        Word base = b.mux(diagAbove, diag, min);
        int carry = b.or(diagAbove, t);
        return Arithmetic.addCarry(b, base, b.constant(0, base.width()), carry, false);
    }

    /** The difference cell as a grid cell: record (h₊, h₋, v₊, v₋). */
    private static final class DifferenceCell implements GridCell {
        private static final int[] H = {0, 1};
        private static final int[] V = {2, 3};
        private static final int[] ALL = {0, 1, 2, 3};
        /** h = +1 and v = +1: row 0 and column 0 grow by one per step. */
        private static final long PLUS_ONES = 0b0101;
        private final int sigma;
        private final int width;

        DifferenceCell(int sigma, int width) {
            this.sigma = sigma;
            this.width = width;
        }

        @Override
        public String name() {
            return "edit";
        }

        @Override
        public int creatorCharBits() {
            return sigma;
        }

        @Override
        public int evaluatorCharBits() {
            return sigma;
        }

        @Override
        public int recordBits() {
            return 4;
        }

        @Override
        public int[] topFields(int variant) {
            return H.clone();
        }

        @Override
        public int[] leftFields(int variant) {
            return V.clone();
        }

        @Override
        public int[] diagFields(int variant) {
            return new int[0];
        }

        @Override
        public int[] outFields(int variant) {
            return ALL.clone();
        }

        @Override
        public Word cell(CircuitBuilder b, int variant, Word creatorChar, Word evaluatorChar, Word top,
                Word left, Word diag) {
            return Levenshtein.cell(b, creatorChar, evaluatorChar, top, left);
        }

        @Override
        public boolean topBoundary(int j, int bit) {
            return (PLUS_ONES >>> bit & 1) != 0;
        }

        @Override
        public boolean leftBoundary(int i, int bit) {
            return (PLUS_ONES >>> bit & 1) != 0;
        }

        @Override
        public int outputWidth() {
            return width;
        }

        @Override
        public int[] readoutFields() {
            return H.clone();
        }

        @Override
        public Word readout(CircuitBuilder b, Word lastRow, int rows, int columns) {
            return Levenshtein.readout(b, lastRow, rows, columns, width);
        }
    }

    /** FastGC's cell as a grid cell: the record is D[i][j] in W bits; variant v has width v + 1. */
    private static final class FastGcCell implements GridCell {
        private final int sigma;
        private final int width;

        FastGcCell(int sigma, int width) {
            this.sigma = sigma;
            this.width = width;
        }

        @Override
        public String name() {
            return "fastgc";
        }

        @Override
        public int creatorCharBits() {
            return sigma;
        }

        @Override
        public int evaluatorCharBits() {
            return sigma;
        }

        @Override
        public int recordBits() {
            return width;
        }

        @Override
        public int variants() {
            return width;
        }

        /** ℓ − 1 with ℓ = bitLength(max(i, j)): D[i][j] ≤ max(i, j), and so are its inputs. */
        @Override
        public int variant(int i, int j) {
            return bitLength(Math.max(i, j)) - 1;
        }

        private static int[] low(int variant) {
            int[] f = new int[variant + 1];
            for (int k = 0; k < f.length; k++) {
                f[k] = k;
            }
            return f;
        }

        @Override
        public int[] topFields(int variant) {
            return low(variant);
        }

        @Override
        public int[] leftFields(int variant) {
            return low(variant);
        }

        @Override
        public int[] diagFields(int variant) {
            return low(variant);
        }

        @Override
        public int[] outFields(int variant) {
            return low(variant);
        }

        @Override
        public Word cell(CircuitBuilder b, int variant, Word creatorChar, Word evaluatorChar, Word top,
                Word left, Word diag) {
            return fastGcCell(b, creatorChar, evaluatorChar, top, left, diag);
        }

        @Override
        public boolean topBoundary(int j, int bit) {
            return (j >>> bit & 1) != 0;
        }

        @Override
        public boolean leftBoundary(int i, int bit) {
            return (i >>> bit & 1) != 0;
        }

        @Override
        public int outputWidth() {
            return width;
        }

        @Override
        public int[] readoutFields() {
            return null;
        }

        @Override
        public Word readout(CircuitBuilder b, Word lastRow, int rows, int columns) {
            throw new UnsupportedOperationException("the distance is cell (R, C)'s record");
        }
    }
}
