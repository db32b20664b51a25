package io.gcstream.spark.internal;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunResult;
import io.gcstream.engine.RunSpec;
import io.gcstream.engine.SessionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

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

    /**
     * min(running, each row's min); running + each row's sum: the creator's running value and
     * rows, then the evaluator's rows, each {@link #VALUE_BITS} bits (the 32-bit minimum, then
     * the 64-bit sum, bit 0 first); the evaluator keeps the result.
     */
    static Circuit step() {
        Circuit c = step;
        if (c == null) {
            c = fold("aggregate_step", 1 + CHUNK, CHUNK, false);
            step = c;
        }
        return c;
    }

    /** The minimum and sum of k kept values (all evaluator inputs), output to both parties. */
    static Circuit combineCircuit(int k) {
        return COMBINE.computeIfAbsent(k, n -> fold("aggregate_combine", 0, n, true));
    }

    /**
     * A circuit folding the creator's {@code creatorValues} and then the evaluator's
     * {@code evaluatorValues} values into one minimum and sum, output to the evaluator (and to
     * the creator if {@code both}). The fold is a balanced tree in one sub-circuit ordered by
     * AND depth ({@link CircuitBuilder#defineByLevel}): the same gates as a chain, but the
     * operations of a tree level are independent, so the gate loop hashes their ANDs in
     * batches instead of one or two at a time (a chain, or the smallest working set's order,
     * allows no more).
     */
    private static Circuit fold(String name, int creatorValues, int evaluatorValues, boolean both) {
        CircuitBuilder b = new CircuitBuilder();
        int values = creatorValues + evaluatorValues;
        Word in = b.creatorInput(VALUE_BITS * creatorValues).concat(b.evaluatorInput(VALUE_BITS * evaluatorValues));
        UnaryOperator<Word> body = b.defineByLevel(name, VALUE_BITS * values, w -> {
            List<Word> mins = new ArrayList<>(values);
            List<Word> sums = new ArrayList<>(values);
            for (int v = 0; v < values; v++) {
                mins.add(w.slice(VALUE_BITS * v, VALUE_BITS * v + 32));
                sums.add(w.slice(VALUE_BITS * v + 32, VALUE_BITS * (v + 1)));
            }
            return tree(b, mins, Workloads::min).concat(tree(b, sums, Workloads::add));
        });
        Word out = body.apply(in);
        if (both) {
            b.creatorOutput(out);
        }
        b.evaluatorOutput(out);
        return b.build();
    }

    /** One operation of the fold on two words. */
    private interface Op {
        Word apply(CircuitBuilder b, Word x, Word y);
    }

    /** {@code xs} folded by {@code op} level by level, neighbours in pairs. */
    private static Word tree(CircuitBuilder b, List<Word> xs, Op op) {
        List<Word> level = xs;
        while (level.size() > 1) {
            List<Word> next = new ArrayList<>((level.size() + 1) / 2);
            for (int i = 0; i + 1 < level.size(); i += 2) {
                next.add(op.apply(b, level.get(i), level.get(i + 1)));
            }
            if (level.size() % 2 == 1) {
                next.add(level.get(level.size() - 1));
            }
            level = next;
        }
        return level.get(0);
    }

    /** x + y mod 2^n: a ripple-carry adder, n − 1 ANDs. */
    static Word add(CircuitBuilder b, Word x, Word y) {
        int n = x.width();
        int[] s = new int[n];
        int carry = CircuitBuilder.ZERO;
        for (int i = 0; i < n; i++) {
            s[i] = b.xor(b.xor(x.bit(i), y.bit(i)), carry);
            if (i + 1 < n) {
                carry = b.xor(carry, b.and(b.xor(x.bit(i), carry), b.xor(y.bit(i), carry)));
            }
        }
        return Word.of(s);
    }

    /** min(x, y) of unsigned n-bit words: the comparison x > y (n ANDs), then a select (n ANDs). */
    static Word min(CircuitBuilder b, Word x, Word y) {
        int n = x.width();
        int greater = CircuitBuilder.ZERO;
        for (int i = 0; i < n; i++) {
            greater = b.xor(x.bit(i), b.and(b.xor(x.bit(i), greater), b.xor(y.bit(i), greater)));
        }
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = b.mux(greater, x.bit(i), y.bit(i));
        }
        return Word.of(r);
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
