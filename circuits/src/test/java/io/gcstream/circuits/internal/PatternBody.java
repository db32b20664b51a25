package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import java.util.List;

/**
 * A generated body of {@code n} gates that is never stored: each gate is computed from its
 * index, so tests can stream circuits of 10^8 gates through writers and readers in constant
 * memory. Creator inputs are slots 0..63, evaluator inputs 64..127; gate i writes slot
 * {@code 128 + i mod (S - 128)} and reads two already written slots.
 */
public final class PatternBody extends AbstractInstructionReader {
    public static final int INPUTS = 64;
    private final long n;
    private final int numSlots;
    private long i = -1;

    public PatternBody(long n, int numSlots) {
        if (numSlots <= 2 * INPUTS) {
            throw new IllegalArgumentException("need more than " + 2 * INPUTS + " slots");
        }
        this.n = n;
        this.numSlots = numSlots;
    }

    /** The circuit around the pattern: evaluator output = the last 64 slots written. */
    public static Circuit circuit(long n, int numSlots) {
        int[] ci = range(0, INPUTS);
        int[] ei = range(INPUTS, INPUTS);
        int[] eo = range(2 * INPUTS, Math.min(INPUTS, (int) Math.min(n, numSlots - 2 * INPUTS)));
        // Tables cycle through 0..15: half of them are non-linear.
        long nonLinear = (n / 16) * 8;
        for (long k = n - n % 16; k < n; k++) {
            nonLinear += Integer.bitCount((int) (k % 16)) & 1;
        }
        return Circuits.of(ci, ei, new int[0], eo, numSlots, List.of(), n, n, nonLinear, numSlots,
                () -> new PatternBody(n, numSlots), null);
    }

    private static int[] range(int from, int count) {
        int[] r = new int[count];
        for (int k = 0; k < count; k++) {
            r[k] = from + k;
        }
        return r;
    }

    /** The checksum {@link #mix} gives over the whole pattern, computed without I/O. */
    public static long expectedChecksum(long n, int numSlots) {
        PatternBody p = new PatternBody(n, numSlots);
        long h = 0;
        while (p.next()) {
            h = mix(h, p.out(), p.in1(), p.in2(), p.table());
        }
        return h;
    }

    /** A running checksum of gates, order-sensitive. */
    public static long mix(long h, int out, int in1, int in2, int table) {
        h = h * 0x9E3779B97F4A7C15L + out;
        h = h * 31 + in1;
        h = h * 31 + in2;
        return h * 31 + table;
    }

    @Override
    public boolean next() {
        if (++i >= n) {
            i = n;
            return false;
        }
        int span = numSlots - 2 * INPUTS;
        int k = (int) (i % span);
        long written = Math.min(2L * INPUTS + i, numSlots);
        gate((int) (i & 15), 2 * INPUTS + k, (int) ((i * 31) % written), (int) ((i * 17 + 5) % written));
        return true;
    }









    @Override
    public String position() {
        return "pattern gate " + i;
    }
}
