package io.gcstream.compiler.lib;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;

/**
 * One cell of a dynamic program over a grid, for {@link GridCircuit}: cell (i, j) of the
 * R × C grid (1-based) reads the characters of both strings at its row and column and the
 * <em>records</em> of its neighbours above (i−1, j), to the left (i, j−1) and diagonally
 * (i−1, j−1), and produces its own record. Row 0 and column 0 are boundary records, public
 * constants. A cell reads chosen bits ("fields") of each neighbour's record and writes chosen
 * bits of its own.
 *
 * <p>Cells may come in <em>variants</em> (the edit distance of FastGC computes each cell at the
 * bit width its value needs): variant v must compute correctly every cell whose own variant is
 * at most v, because a block of cells computed together uses the largest variant among them.
 * The grid is symmetric: which string runs along the rows is the grid's choice, so a cell is
 * given the creator's and the evaluator's character, not the row's and the column's.
 */
interface GridCell {
    /** Prefix of the sub-circuit names, an identifier (e.g. {@code edit}). */
    String name();

    /** Circuit input bits per character of the creator's string. */
    int creatorCharBits();

    /** Circuit input bits per character of the evaluator's string. */
    int evaluatorCharBits();

    /** Bits of a record. */
    int recordBits();

    /** Number of variants, at least 1. */
    default int variants() {
        return 1;
    }

    /** The variant cell (i, j) needs, in 0 .. variants() − 1. */
    default int variant(int i, int j) {
        return 0;
    }

    /** Record bits read from the cell above, in the order {@link #cell} takes them. */
    int[] topFields(int variant);

    /** Record bits read from the cell to the left. */
    int[] leftFields(int variant);

    /** Record bits read from the cell diagonally above-left (may be empty). */
    int[] diagFields(int variant);

    /** Record bits the cell writes, in the order {@link #cell} returns them. */
    int[] outFields(int variant);

    /**
     * Builds one cell in {@code b}: returns the {@link #outFields} bits of its record from the
     * two characters and the neighbours' fields.
     */
    Word cell(CircuitBuilder b, int variant, Word creatorChar, Word evaluatorChar, Word top, Word left,
            Word diag);

    /** Bit {@code bit} of the record of boundary cell (0, j), j = 0 .. C. */
    boolean topBoundary(int j, int bit);

    /** Bit {@code bit} of the record of boundary cell (i, 0), i = 1 .. R. */
    boolean leftBoundary(int i, int bit);

    /** Bits both parties learn. */
    int outputWidth();

    /**
     * Record bits of each cell of the last row that the readout reads, or null if there is no
     * readout and the outputs are bits 0 .. outputWidth() − 1 of cell (R, C)'s record.
     */
    int[] readoutFields();

    /**
     * Builds the readout: {@code lastRow} holds {@link #readoutFields} of cells (R, 1) .. (R, C),
     * in that order; returns the {@link #outputWidth} output bits.
     */
    Word readout(CircuitBuilder b, Word lastRow, int rows, int columns);
}
