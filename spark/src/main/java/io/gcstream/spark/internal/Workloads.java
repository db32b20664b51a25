package io.gcstream.spark.internal;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunResult;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.SessionState;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a worker pair and the combining pair compute, one party's side each: the oblivious PRF
 * (AES-128 under the creator's key, one run per evaluator row, the evaluator running ahead)
 * and the aggregate (the minimum of an unsigned 32-bit column and the sum modulo 2^64 of a
 * 64-bit column over both parties' rows of a slice, folded {@link #CHUNK} rows of each party
 * per run into a running pair kept garbled, which the slice's pair exports as a state).
 * Internal.
 */
public final class Workloads {
    /** Rows of each party folded per run of the aggregate. */
    public static final int CHUNK = 256;
    /** Bits of one aggregate value: the 32-bit minimum, then the 64-bit sum. */
    public static final int VALUE_BITS = 96;
    /** The minimum of no rows. */
    public static final long NO_MIN = 0xFFFF_FFFFL;

    private static final LibraryCircuit AES = Library.get("aes128-expanded");
    private static volatile Circuit step;
    private static final Map<Integer, Circuit> COMBINE = new ConcurrentHashMap<>();

    private Workloads() {
    }

    /** The creator's side of one slice of the PRF: {@code rows} encryptions under {@code key}. */
    public static void prfCreator(GcSession s, byte[] key, int rows) {
        boolean[] roundKeys = AES.encode(Party.CREATOR, BitCodec.ofBigEndianBytes(key));
        s.runMany(RunSpec.of(AES.circuit()), rows, i -> roundKeys, r -> {
        });
    }

    /** The evaluator's side: AES-128 under the creator's key of each 16-byte block. */
    public static byte[][] prfEvaluator(GcSession s, byte[][] blocks) {
        byte[][] out = new byte[blocks.length][];
        int[] next = {0};
        s.runMany(RunSpec.of(AES.circuit()), blocks.length, i -> BitCodec.ofBigEndianBytes(blocks[i]),
                r -> out[next[0]++] = BitCodec.toBigEndianBytes(r.outputs()));
        return out;
    }

    /** Runs of one slice of the aggregate whose parties hold {@code a} and {@code b} rows. */
    public static long aggregateRuns(long a, long b) {
        return Math.max(1, (Math.max(a, b) + CHUNK - 1) / CHUNK);
    }

    /**
     * One party's side of a slice of the aggregate: folds this party's rows ({@code mins[i]},
     * {@code sums[i]}) and the peer's {@code peerRows} into the running value, kept garbled,
     * and exports it as this party's half of a state.
     */
    public static SessionState aggregateSlice(GcSession s, long[] mins, long[] sums, long peerRows) {
        Circuit c = step();
        boolean creator = s.role() == Party.CREATOR;
        long runs = aggregateRuns(mins.length, peerRows);
        GarbledValue running = null;
        boolean[] first = new boolean[(creator ? VALUE_BITS : 0) + CHUNK * VALUE_BITS];
        boolean[] later = new boolean[CHUNK * VALUE_BITS];
        for (long r = 0; r < runs; r++) {
            RunSpec.Builder spec = RunSpec.builder(c);
            boolean[] fresh = running == null ? first : later;
            int at = 0;
            if (running != null) {
                spec.input(Party.CREATOR, running);
            } else if (creator) {
                at = put(fresh, 0, NO_MIN, 0);
            }
            for (int i = 0; i < CHUNK; i++) {
                long row = r * CHUNK + i;
                at = row < mins.length ? put(fresh, at, mins[(int) row], sums[(int) row]) : put(fresh, at, NO_MIN, 0);
            }
            RunResult out = s.run(spec.keep(Party.EVALUATOR).build(), fresh);
            running = out.kept().get(0);
        }
        return s.exportState(java.util.List.of(running));
    }

    /**
     * The combining run: the k slices' values, resumed by {@code s} in slice order, folded into
     * one minimum and sum that both parties learn: {min, sum}.
     */
    public static long[] combine(GcSession s) {
        java.util.List<GarbledValue> values = s.resumedValues();
        Circuit c = combineCircuit(values.size());
        RunSpec.Builder spec = RunSpec.builder(c);
        for (GarbledValue v : values) {
            spec.input(Party.EVALUATOR, v);
        }
        boolean[] out = s.run(spec.build(), new boolean[0]).outputs();
        return new long[] {bits(out, 0, 32), bits(out, 32, 64)};
    }

    /** min(running, each row's min); running + each row's sum: creator rows, then evaluator rows. */
    static Circuit step() {
        Circuit c = step;
        if (c == null) {
            Computation k = new Computation();
            UInt min = k.creator().uint(32);
            UInt sum = k.creator().uint(64);
            UInt[][] rows = new UInt[2][2 * CHUNK];
            for (int p = 0; p < 2; p++) {
                for (int i = 0; i < CHUNK; i++) {
                    rows[p][2 * i] = (p == 0 ? k.creator() : k.evaluator()).uint(32);
                    rows[p][2 * i + 1] = (p == 0 ? k.creator() : k.evaluator()).uint(64);
                }
            }
            for (int p = 0; p < 2; p++) {
                for (int i = 0; i < CHUNK; i++) {
                    min = min.min(rows[p][2 * i]);
                    sum = sum.add(rows[p][2 * i + 1]);
                }
            }
            k.evaluator().output(min);
            k.evaluator().output(sum);
            c = k.build();
            step = c;
        }
        return c;
    }

    /** The minimum and sum of k kept values (all evaluator inputs), output to both parties. */
    static Circuit combineCircuit(int k) {
        return COMBINE.computeIfAbsent(k, n -> {
            Computation c = new Computation();
            UInt min = null;
            UInt sum = null;
            for (int i = 0; i < n; i++) {
                UInt m = c.evaluator().uint(32);
                UInt s = c.evaluator().uint(64);
                min = min == null ? m : min.min(m);
                sum = sum == null ? s : sum.add(s);
            }
            c.creator().output(min);
            c.creator().output(sum);
            c.evaluator().output(min);
            c.evaluator().output(sum);
            return c.build();
        });
    }

    private static int put(boolean[] bits, int at, long min, long sum) {
        for (int i = 0; i < 32; i++) {
            bits[at + i] = ((min >>> i) & 1) == 1;
        }
        for (int i = 0; i < 64; i++) {
            bits[at + 32 + i] = ((sum >>> i) & 1) == 1;
        }
        return at + VALUE_BITS;
    }

    private static long bits(boolean[] b, int from, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (b[from + i] ? 1L : 0) << i;
        }
        return v;
    }
}
