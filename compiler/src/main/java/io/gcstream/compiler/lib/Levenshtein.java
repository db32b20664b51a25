package io.gcstream.compiler.lib;

import io.gcstream.circuits.Body;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.SubCircuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Optimizer;
import io.gcstream.compiler.Program;
import io.gcstream.compiler.SlotAllocator;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Edit distance (Levenshtein, unit costs) of the creator's n-character and the evaluator's
 * m-character string, σ bits per character (character i in input bits iσ .. iσ+σ−1), output to
 * both parties as {@link #outputWidth} bits. The circuit is the dynamic program D[i][j] =
 * min(D[i−1][j] + 1, D[i][j−1] + 1, D[i−1][j−1] + t), t = (a_i ≠ b_j), one sub-circuit call
 * per cell; the call sequence and slot layout are in {@link LevenshteinPlan}.
 *
 * <p><b>The cell.</b> Neighbouring entries of D differ by at most 1, so with z = D[i−1][j−1]
 * the cell's other inputs are z + h and z + v with h = h[i−1][j] and v = v[i][j−1] in
 * {−1, 0, 1}, and D[i][j] = z + d with d = t ∧ (h ≠ −1) ∧ (v ≠ −1) ∈ {0, 1}: the minimum is z
 * if the characters are equal, or if a neighbour is z − 1, and z + 1 otherwise. So the cell
 * carries differences, not values: it takes h and v as two bits each (is +1, is −1) and
 * returns h[i][j] = d − v and v[i][j] = d − h. With π_v = d ∧ ¬h₊ the new v is
 * (h₋ ⊕ π_v, h₊ ⊕ d ⊕ π_v), and likewise for h; checking the five possible (d, h) cases shows
 * it. ANDs per cell: σ − 1 for t (a tree over the σ XNORs; the minimum, as t has degree σ),
 * 2 for d, 1 each for π_v and π_h: <b>σ + 3</b>, whatever the size of D. In row 1 h is the
 * constant +1 and in column 1 v is, which saves 2 ANDs each (σ + 1; the first cell σ − 1).
 * At the end D[n][m] = rows + Σ_j h[rows][j] = (rows − columns) + Σ_j (h₊ + ¬h₋), one Hamming
 * weight of 2·columns bits and a constant addition. Total, with rows = max(n, m) and
 * columns = min(n, m): {@link #nonLinearCount}.
 *
 * <p>FastGC (Huang, Evans, Katz, Malka 2011, §5) carries the values D[i][j] at their minimal
 * width ℓ and spends 5ℓ + σ ANDs per cell ({@link #fastGcNonLinearCount}); its 2000×10000 DNA
 * run had 1.29·10⁹ non-linear gates, this circuit has 1.00·10⁸ (99,979,997).
 *
 * <p>Built in memory for now: sizes whose call list would exceed {@link #MAX_BODY_INTS} ints are
 * refused with a message naming the limit.
 */
public final class Levenshtein {
    /** Bits per character of the DNA alphabet A, C, G, T (codes 0, 1, 2, 3). */
    public static final int DNA = 2;
    /** Bits per character of byte strings. */
    public static final int BYTES = 8;
    /** The largest σ accepted. */
    public static final int MAX_SIGMA = 16;
    /** The DNA alphabet in code order: character c has code {@code DNA_ALPHABET.indexOf(c)}. */
    public static final String DNA_ALPHABET = "ACGT";
    /**
     * The most ints of call instructions built in memory (64 MiB): about 1.29 million DNA
     * cells or 0.67 million byte cells, e.g. 1000×1000 DNA or 800×800 bytes.
     */
    public static final long MAX_BODY_INTS = 1L << 24;

    private static final String[] NAMES = {"edit_first", "edit_row1", "edit_col1", "edit_cell", "edit_readout"};

    private Levenshtein() {
    }

    /**
     * The circuit for the creator's {@code n} and the evaluator's {@code m} characters of
     * {@code sigma} bits.
     *
     * @throws IllegalArgumentException if n or m is below 1, sigma is not in 1..{@value #MAX_SIGMA},
     *     or the body would exceed {@link #MAX_BODY_INTS} ints (the message names the limit)
     */
    public static Circuit circuit(int n, int m, int sigma) {
        checkParameters(n, m, sigma);
        long ints = LevenshteinPlan.bodyInts(Math.max(n, m), Math.min(n, m), sigma, outputWidth(n, m));
        if (ints > MAX_BODY_INTS) {
            String need = ints == Long.MAX_VALUE ? "more than 8 GiB" : String.format("%,d MiB", mib(ints));
            throw new IllegalArgumentException(String.format("%d x %d characters: %,d cells need %s"
                    + " of call instructions in memory, more than the in-memory limit of %d MiB"
                    + " (Levenshtein.MAX_BODY_INTS = %,d ints); building larger sizes as a stream is not"
                    + " implemented yet", n, m, (long) n * m, need, mib(MAX_BODY_INTS), MAX_BODY_INTS));
        }
        LevenshteinPlan plan = new LevenshteinPlan(n, m, sigma);
        CircuitBuilder b = new CircuitBuilder();
        define(b, plan);
        Circuit.Builder cb = Circuit.builder();
        for (SubCircuit s : compile(b.program())) {
            cb.addSubCircuit(s);
        }
        Body.Builder body = new Body.Builder();
        plan.writeBody(body);
        return cb.creatorInputs(plan.creatorInputs())
                .evaluatorInputs(plan.evaluatorInputs())
                .creatorOutputs(plan.outputs())
                .evaluatorOutputs(plan.outputs())
                .numSlots(plan.numSlots())
                .body(body.build())
                .build();
    }

    /** Bits of the distance: the bit length of max(n, m), which bounds it. */
    public static int outputWidth(int n, int m) {
        return bitLength(Math.max(n, m));
    }

    /**
     * Non-linear gates of {@link #circuit}, computed without building it. With r = max(n, m),
     * c = min(n, m), w = bitLength(c), W = bitLength(r): cells r·c·(σ + 3) − 2(r + c); readout
     * 2c − HW(c) − 1 (the weight of 2c bits below 2^w; its top carry is not needed) plus, if
     * r > c, max(0, min(w, W − 1) − tz(r − c) − 1) for adding the constant r − c (tz = trailing
     * zeros).
     */
    public static long nonLinearCount(int n, int m, int sigma) {
        checkParameters(n, m, sigma);
        long rows = Math.max(n, m);
        long cols = Math.min(n, m);
        long cells = exact(() -> Math.multiplyExact(rows * cols, sigma + 3) - 2 * (rows + cols));
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
     * Defines the sub-circuits the plan uses in {@code b}, in role order; the array holds null
     * for roles the plan does not use.
     */
    static SubCircuitDef[] define(CircuitBuilder b, LevenshteinPlan plan) {
        int sigma = plan.sigma();
        SubCircuitDef[] defs = new SubCircuitDef[LevenshteinPlan.ROLES];
        for (int role = 0; role < LevenshteinPlan.ROLES; role++) {
            if (!plan.isUsed(role)) {
                continue;
            }
            int r = role;
            defs[role] = b.define(NAMES[role], plan.inputCount(role), in -> {
                if (r == LevenshteinPlan.READOUT) {
                    return readout(b, in, plan.rows(), plan.columns(), plan.outputWidth());
                }
                Word plusOne = Word.of(CircuitBuilder.ONE, CircuitBuilder.ZERO);
                boolean hasH = r == LevenshteinPlan.LEFT || r == LevenshteinPlan.INTERIOR;
                boolean hasV = r == LevenshteinPlan.TOP || r == LevenshteinPlan.INTERIOR;
                int at = 2 * sigma;
                Word h = hasH ? in.slice(at, at + 2) : plusOne;
                at += hasH ? 2 : 0;
                Word v = hasV ? in.slice(at, at + 2) : plusOne;
                return cell(b, in.slice(0, sigma), in.slice(sigma, 2 * sigma), h, v);
            });
        }
        return defs;
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
    private static Word readout(CircuitBuilder b, Word h, int rows, int columns, int width) {
        int[] ones = new int[2 * columns];
        for (int j = 0; j < columns; j++) {
            ones[2 * j] = h.bit(2 * j);
            ones[2 * j + 1] = b.not(h.bit(2 * j + 1));
        }
        int w = bitLength(columns);
        Word weight = Hamming.weight(b, Word.of(ones)).slice(0, w);
        Word wide = weight.concat(b.constant(0, width - w));
        return Arithmetic.add(b, wide, b.constant(rows - columns, width));
    }

    /** Optimises and allocates each definition, as {@link Program#compile()} does for its subs. */
    private static List<SubCircuit> compile(Program program) {
        List<SubCircuit> subs = new ArrayList<>();
        for (Program.Sub s : program.subs()) {
            SlotAllocator.Allocation a = SlotAllocator.allocate(Optimizer.optimize(s.body()));
            subs.add(SubCircuit.of(s.name(), a.inputSlots(), a.outputSlots(), a.numSlots(), a.body(), subs));
        }
        return subs;
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

    private static long mib(long ints) {
        return (ints * 4 + (1 << 20) - 1) >> 20;
    }
}
