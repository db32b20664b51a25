package io.gcstream.compiler.dsl;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntUnaryOperator;

/**
 * A public lookup table of 2^inBits entries of outBits bits each (an S-box, a score table),
 * looked up with a secret index by {@link UInt#lookup}. FastGC garbles such a table as one
 * m-to-n gate of 2^m · n ciphertexts; here it becomes a circuit of few AND gates, found when
 * the table is first looked up: see the search in the
 * compiler documentation. The search is deterministic, so both parties build the same circuit.
 * Immutable and thread-safe; build a table once and look it up many times.
 *
 * <pre>{@code
 * Table sbox = Table.of(PRESENT_SBOX, 4, 4);   // 4 ANDs per lookup
 * UInt y = x.lookup(sbox);
 * }</pre>
 */
public final class Table {
    /** Largest index width: 2^12 entries (a larger table is better looked up in pieces). */
    static final int MAX_IN_BITS = 12;
    /** Largest entry width. */
    static final int MAX_OUT_BITS = 32;

    private final int[] values;
    private final int inBits;
    private final int outBits;
    private TableNetwork network;

    private Table(int[] values, int inBits, int outBits) {
        this.values = values;
        this.inBits = inBits;
        this.outBits = outBits;
    }

    /**
     * The table whose entry i is {@code values[i]}.
     *
     * @param values 2^inBits entries, each in 0 … 2^outBits − 1 (for outBits = 32, any int,
     *     read as unsigned)
     * @throws IllegalArgumentException if the sizes are out of range (1 ≤ inBits ≤ 12,
     *     1 ≤ outBits ≤ 32), the count is not 2^inBits, or an entry does not fit, naming it
     */
    public static Table of(int[] values, int inBits, int outBits) {
        if (inBits < 1 || inBits > MAX_IN_BITS) {
            throw new IllegalArgumentException("a table has 1.." + MAX_IN_BITS + " index bits, got " + inBits);
        }
        if (outBits < 1 || outBits > MAX_OUT_BITS) {
            throw new IllegalArgumentException("a table has entries of 1.." + MAX_OUT_BITS + " bits, got " + outBits);
        }
        if (values.length != 1 << inBits) {
            throw new IllegalArgumentException("a table of " + inBits + "-bit indices has " + (1 << inBits)
                    + " entries, got " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            if (outBits < 32 && (values[i] >>> outBits) != 0) {
                throw new IllegalArgumentException("entry " + i + " = " + values[i] + " does not fit in " + outBits
                        + " unsigned bits");
            }
        }
        return new Table(values.clone(), inBits, outBits);
    }

    /** The table of {@code f(i)} for every index i; same checks as {@link #of(int[], int, int)}. */
    static Table of(IntUnaryOperator f, int inBits, int outBits) {
        if (inBits < 1 || inBits > MAX_IN_BITS) {
            throw new IllegalArgumentException("a table has 1.." + MAX_IN_BITS + " index bits, got " + inBits);
        }
        int[] v = new int[1 << inBits];
        for (int i = 0; i < v.length; i++) {
            v[i] = f.applyAsInt(i);
        }
        return of(v, inBits, outBits);
    }

    int inBits() {
        return inBits;
    }

    int outBits() {
        return outBits;
    }

    /** Entry {@code index}. */
    int get(int index) {
        Objects.checkIndex(index, values.length);
        return values[index];
    }

    /** AND gates of one lookup (the circuit is found on the first call and kept). */
    int andCount() {
        return network().andCount();
    }

    synchronized TableNetwork network() {
        if (network == null) {
            network = TableSynthesis.synthesize(values, inBits, outBits);
        }
        return network;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Table t && t.inBits == inBits && t.outBits == outBits && Arrays.equals(t.values, values);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * inBits + outBits) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "Table(" + inBits + " -> " + outBits + " bits)";
    }
}
