package io.gcstream.compiler.lib;

import io.gcstream.circuits.Body;

/**
 * The main body of an edit-distance circuit ({@link Levenshtein}) as arithmetic: which
 * sub-circuit the k-th call invokes and on which slots, computed from k alone. Nothing is held
 * per call, so the same plan can fill an in-memory {@link Body} (as {@link Levenshtein} does) or
 * feed a streaming reader that emits the calls one at a time.
 *
 * <p>The dynamic program runs over a grid of {@link #rows()} × {@link #columns()} cells, rows
 * over the longer string and columns over the shorter (edit distance is symmetric, so the
 * orientation is free; this one keeps the row buffer short). Call {@code k < rows·columns} is
 * cell (i, j) = (k / columns + 1, k % columns + 1), row by row; the last call is the readout.
 *
 * <p>Slot layout of the main frame, fixed for the whole run (each call writes its results over
 * the slots it read, which the slot model allows: a call copies its arguments in first):
 * <pre>
 *   [0, nσ)                     creator's string, character i in slots iσ .. iσ+σ−1
 *   [nσ, nσ+mσ)                 evaluator's string, likewise
 *   H + 2(j−1), H + 2(j−1) + 1  h[i][j] = D[i][j] − D[i][j−1] as (is +1, is −1), j = 1..columns
 *   V, V + 1                    v[i][j] = D[i][j] − D[i−1][j], likewise
 *   O .. O + W − 1              the distance, W bits
 * </pre>
 * with H = (n + m)σ, V = H + 2·columns, O = V + 2 and S = O + W.
 *
 * <p>Cell arguments, in order: the row string's character (σ), the column string's character
 * (σ), then h[i−1][j] (2 slots, absent in row 1 where it is the constant +1), then v[i][j−1]
 * (2 slots, absent in column 1, likewise); results h[i][j], v[i][j]. The readout reads
 * h[rows][1..columns] (2·columns slots) and writes the W distance bits. Immutable.
 */
final class LevenshteinPlan {
    /** Sub-circuit roles, in the order they are defined (unused ones are left out). */
    static final int CORNER = 0;
    static final int TOP = 1;
    static final int LEFT = 2;
    static final int INTERIOR = 3;
    static final int READOUT = 4;
    static final int ROLES = 5;

    private final int sigma;
    private final int n;
    private final int m;
    private final int rows;
    private final int columns;
    private final int rowBase;
    private final int columnBase;
    private final int hBase;
    private final int vBase;
    private final int outBase;
    private final int width;
    private final int numSlots;
    private final int[] callee = new int[ROLES];

    /**
     * The plan for the creator's {@code n} and the evaluator's {@code m} characters of
     * {@code sigma} bits. The caller has checked the sizes ({@link Levenshtein} does): every
     * slot number must fit an int.
     */
    LevenshteinPlan(int n, int m, int sigma) {
        if (n < 1 || m < 1 || sigma < 1) {
            throw new IllegalArgumentException("n, m and sigma must be at least 1");
        }
        this.sigma = sigma;
        this.n = n;
        this.m = m;
        boolean creatorRows = n >= m;
        this.rows = Math.max(n, m);
        this.columns = Math.min(n, m);
        this.rowBase = creatorRows ? 0 : n * sigma;
        this.columnBase = creatorRows ? n * sigma : 0;
        this.hBase = (n + m) * sigma;
        this.vBase = hBase + 2 * columns;
        this.outBase = vBase + 2;
        this.width = Levenshtein.outputWidth(n, m);
        this.numSlots = outBase + width;
        int next = 0;
        for (int role = 0; role < ROLES; role++) {
            callee[role] = isUsed(role) ? next++ : -1;
        }
    }

    /** Length of the longer string: the grid's rows. */
    int rows() {
        return rows;
    }

    /** Length of the shorter string: the grid's columns and the row buffer's length. */
    int columns() {
        return columns;
    }

    int sigma() {
        return sigma;
    }

    /** Bits of the distance: enough for max(n, m). */
    int outputWidth() {
        return width;
    }

    /** S of the main frame. */
    int numSlots() {
        return numSlots;
    }

    /** True if some call uses the sub-circuit of this role. */
    boolean isUsed(int role) {
        switch (role) {
            case TOP:
                return columns > 1;
            case LEFT:
                return rows > 1;
            case INTERIOR:
                return rows > 1 && columns > 1;
            default:
                return true;
        }
    }

    /** Index in the circuit's sub-circuit list of the role's definition, or −1 if unused. */
    int calleeOf(int role) {
        return callee[role];
    }

    /** Cells of each role: how many calls invoke it (the readout once). */
    long callsOf(int role) {
        switch (role) {
            case CORNER:
            case READOUT:
                return 1;
            case TOP:
                return columns - 1;
            case LEFT:
                return rows - 1;
            default:
                return (long) (rows - 1) * (columns - 1);
        }
    }

    /** Instructions of the main body: one call per cell and the readout. */
    long callCount() {
        return (long) rows * columns + 1;
    }

    /** The role of call {@code k}. */
    int role(long k) {
        long cells = (long) rows * columns;
        if (k < 0 || k > cells) {
            throw new IndexOutOfBoundsException("call " + k + " of " + callCount());
        }
        if (k == cells) {
            return READOUT;
        }
        boolean firstRow = k < columns;
        boolean firstColumn = k % columns == 0;
        return firstRow ? (firstColumn ? CORNER : TOP) : (firstColumn ? LEFT : INTERIOR);
    }

    /** Input bits of a role's sub-circuit. */
    int inputCount(int role) {
        switch (role) {
            case CORNER:
                return 2 * sigma;
            case TOP:
            case LEFT:
                return 2 * sigma + 2;
            case INTERIOR:
                return 2 * sigma + 4;
            default:
                return 2 * columns;
        }
    }

    /** Output bits of a role's sub-circuit. */
    int outputCount(int role) {
        return role == READOUT ? width : 4;
    }

    /** The most slots one call binds: the size {@link #slots} needs. */
    int maxCallSlots() {
        return Math.max(inputCount(INTERIOR) + 4, inputCount(READOUT) + width);
    }

    /**
     * Writes the caller slots of call {@code k} (inputs, then outputs) into {@code dst} and
     * returns how many; {@code dst} must hold {@link #maxCallSlots()}.
     */
    int slots(long k, int[] dst) {
        int role = role(k);
        int c = 0;
        if (role == READOUT) {
            for (int s = 0; s < 2 * columns; s++) {
                dst[c++] = hBase + s;
            }
            for (int b = 0; b < width; b++) {
                dst[c++] = outBase + b;
            }
            return c;
        }
        int i = (int) (k / columns);
        int j = (int) (k % columns);
        for (int b = 0; b < sigma; b++) {
            dst[c++] = rowBase + i * sigma + b;
        }
        for (int b = 0; b < sigma; b++) {
            dst[c++] = columnBase + j * sigma + b;
        }
        int h = hBase + 2 * j;
        if (i > 0) {
            dst[c++] = h;
            dst[c++] = h + 1;
        }
        if (j > 0) {
            dst[c++] = vBase;
            dst[c++] = vBase + 1;
        }
        dst[c++] = h;
        dst[c++] = h + 1;
        dst[c++] = vBase;
        dst[c++] = vBase + 1;
        return c;
    }

    /**
     * Ints the body takes in memory ({@link Body} encoding: the callee, then the slots), or
     * {@link Long#MAX_VALUE} if that does not fit a long.
     */
    static long bodyInts(long rows, long columns, int sigma, int width) {
        if (rows * columns > Integer.MAX_VALUE) {
            return Long.MAX_VALUE; // rows, columns < 2^31: no overflow so far, and far too many anyway
        }
        long cells = rows * columns;
        long interior = (rows - 1) * (columns - 1);
        long edges = rows - 1 + columns - 1;
        return cells * (1 + 2L * sigma + 4) + 4 * interior + 2 * edges + 1 + 2 * columns + width;
    }

    /** Slots of the creator's input bits, bit 0 first. */
    int[] creatorInputs() {
        return range(0, n * sigma);
    }

    /** Slots of the evaluator's input bits. */
    int[] evaluatorInputs() {
        return range(n * sigma, m * sigma);
    }

    /** Slots of the distance, read by both parties. */
    int[] outputs() {
        return range(outBase, width);
    }

    /** Fills {@code body} with every call, in order. */
    void writeBody(Body.Builder body) {
        int[] slots = new int[maxCallSlots()];
        int[][] in = new int[ROLES][];
        int[][] out = new int[ROLES][];
        for (int role = 0; role < ROLES; role++) {
            in[role] = new int[inputCount(role)];
            out[role] = new int[outputCount(role)];
        }
        long calls = callCount();
        for (long k = 0; k < calls; k++) {
            int role = role(k);
            slots(k, slots);
            System.arraycopy(slots, 0, in[role], 0, in[role].length);
            System.arraycopy(slots, in[role].length, out[role], 0, out[role].length);
            body.call(callee[role], in[role], out[role]);
        }
    }

    private static int[] range(int from, int count) {
        int[] r = new int[count];
        for (int i = 0; i < count; i++) {
            r[i] = from + i;
        }
        return r;
    }
}
