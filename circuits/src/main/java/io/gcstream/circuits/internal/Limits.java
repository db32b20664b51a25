package io.gcstream.circuits.internal;

import io.gcstream.circuits.CircuitFormatException;

/**
 * The limits every reader enforces on what a file declares, so that a small file cannot make a
 * reader, a simulation or a run allocate memory out of proportion to its size. A size read from
 * a file is checked against the work it stands for before anything is allocated; the rules
 * are spelled out in docs/formats.md ("Limits").
 *
 * <ul>
 *   <li><b>S</b>: the number of slots a body declares may not exceed its inputs plus the slots
 *       its instructions write (a gate writes one, a call as many as the callee returns): no
 *       slot beyond that count could ever hold a value. Checked exactly at the end of each
 *       body ({@link FrameChecker#checkNumSlots}), and up front against the most writes the
 *       rest of the file can hold ({@link #checkNumSlots}).</li>
 *   <li><b>Nesting</b>: a sub-circuit's {@link SubCircuit#depth() depth} is at most
 *       {@link #MAX_NESTING}.</li>
 *   <li><b>Text allowance</b>: what the ranges {@code a-b} of a {@code .gct} file, and the
 *       widths of a Bristol file, stand for is at most {@link #allowance} of the file's size.</li>
 * </ul>
 */
public final class Limits {
    /**
     * Deepest nesting of sub-circuits: a definition that calls none has depth 1, one that
     * calls others 1 more than the deepest of them, and no definition may be deeper than this.
     */
    public static final int MAX_NESTING = 1000;
    /** The fixed part of a text file's {@link #allowance}: 2^18. */
    public static final long BASE_ALLOWANCE = 1L << 18;
    /** The part of a text file's {@link #allowance} per byte of the file. */
    public static final long ALLOWANCE_PER_BYTE = 2;

    private Limits() {
    }

    /**
     * How many slots (or wires) a text file of {@code bytes} bytes may stand for in the
     * quantities that ranges and header numbers compress: 2^18 + 2 per byte.
     */
    public static long allowance(long bytes) {
        return BASE_ALLOWANCE + ALLOWANCE_PER_BYTE * Math.max(0, Math.min(bytes, Long.MAX_VALUE / 4));
    }

    /** For messages: "at most N = 2^18 + 2 per byte; see docs/formats.md, Limits". */
    public static String describeAllowance(long bytes) {
        return "at most " + allowance(bytes) + " = 2^" + Long.numberOfTrailingZeros(BASE_ALLOWANCE) + " + "
                + ALLOWANCE_PER_BYTE + " per byte; see docs/formats.md, Limits";
    }

    /**
     * The up-front form of the rule on S, checked before a frame of {@code numSlots} slots is
     * allocated: S may not exceed the body's {@code inputs} plus {@code maxWrites}, the most
     * slot writes the rest of the file could hold.
     *
     * @param what  names the body in the message ("main circuit", "sub-circuit f")
     * @param where what bounds the writes, for the message ("the 120 bytes of its body")
     * @throws CircuitFormatException if S is larger
     */
    public static void checkNumSlots(String what, int numSlots, long inputs, long maxWrites, String where) {
        if (maxWrites < Long.MAX_VALUE - inputs && numSlots > inputs + maxWrites) {
            throw new CircuitFormatException(what + ": numberOfRegisters " + numSlots
                    + " is more slots than it could ever use: " + inputs + " inputs plus at most "
                    + maxWrites + " slot writes (" + where + ")");
        }
    }
}
