package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.TruthTable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * A generated circuit of any length with a tiny working set, produced on the fly by an
 * {@link InstructionReader} (nothing stored): {@code W} lanes, creator inputs in slots
 * [0, W), evaluator inputs in [W, 2W). Each step of lane l is
 * {@code s[l] = AND(s[l], s[W+l]); s[W+l] = XOR(s[W+l], s[(l+1) mod W])}, so half the gates
 * are ANDs and consecutive ANDs are independent (the garbler can batch their hashing).
 * Outputs: the creator gets s[0..W), the evaluator s[W..2W). S = 2W.
 */
public final class LaneCircuit {
    private LaneCircuit() {
    }

    /** A circuit with {@code ands} AND gates (and as many XORs) over {@code lanes} lanes. */
    public static Circuit create(int lanes, long ands) {
        int w = lanes;
        int[] ci = range(0, w);
        int[] ei = range(w, w);
        long gates = 2 * ands;
        byte[] hash = sha256("gcstream lane circuit v1 lanes=" + w + " ands=" + ands);
        return Circuits.of(ci, ei, ci, ei, 2 * w, List.of(), gates, gates, ands, 2 * w,
                () -> new Reader(w, gates), hash);
    }

    /** The slots from, from + 1, .., from + n - 1 (the generated circuits' input and output lists). */
    static int[] range(int from, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = from + i;
        }
        return r;
    }

    /** A generated circuit's hash: SHA-256 of the text that names it and its parameters. */
    static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Generates the instructions; constant memory. */
    private static final class Reader extends AbstractInstructionReader {
        private final int w;
        private final long total;
        private long index = -1;
        private int lane = -1;

        Reader(int w, long total) {
            this.w = w;
            this.total = total;
        }

        @Override
        public boolean next() {
            if (++index >= total) {
                return false;
            }
            if ((index & 1) == 0) {
                // No division per gate: the lane advances every second gate.
                if (++lane == w) {
                    lane = 0;
                }
                gate(TruthTable.AND, lane, lane, w + lane);
            } else {
                gate(TruthTable.XOR, w + lane, w + lane, lane + 1 == w ? 0 : lane + 1);
            }
            return true;
        }

        /**
         * The gates of {@link #next()} written straight into {@code ops}, with the state in
         * locals: a generator that costs what a stored body's copy loop costs, not a call and
         * four field writes per gate (measured: 4 ns per AND on each side of the 10^7 AND row).
         */
        @Override
        public int nextGates(int[] ops, int off, int max) {
            if (index + 1 >= total) {
                return -1;
            }
            int n = (int) Math.min(max, total - index - 1);
            int w = this.w;
            int ln = lane;
            int i = off;
            int end = off + 4 * n;
            if ((index & 1) == 0) {
                // The next gate is the XOR of the current lane (gate index + 1 is odd).
                xor(ops, i, w, ln);
                i += 4;
            }
            // Whole AND-XOR pairs: one lane step each and no test of the gate's parity.
            for (int pairsEnd = i + 8 * ((end - i) >>> 3); i < pairsEnd; i += 8) {
                ln = ln + 1 == w ? 0 : ln + 1;
                and(ops, i, w, ln);
                xor(ops, i + 4, w, ln);
            }
            if (i < end) {
                // A last AND, whose XOR starts the next batch.
                ln = ln + 1 == w ? 0 : ln + 1;
                and(ops, i, w, ln);
            }
            index += n;
            lane = ln;
            // The last gate written is the current instruction (InstructionReader's contract).
            int last = off + 4 * (n - 1);
            gate(ops[last + 3], ops[last], ops[last + 1], ops[last + 2]);
            return n;
        }

        private static void and(int[] ops, int i, int w, int ln) {
            ops[i] = ln;
            ops[i + 1] = ln;
            ops[i + 2] = w + ln;
            ops[i + 3] = TruthTable.AND;
        }

        private static void xor(int[] ops, int i, int w, int ln) {
            ops[i] = w + ln;
            ops[i + 1] = w + ln;
            ops[i + 2] = ln + 1 == w ? 0 : ln + 1;
            ops[i + 3] = TruthTable.XOR;
        }

        @Override
        public String position() {
            return "generated gate " + index;
        }

    }
}
