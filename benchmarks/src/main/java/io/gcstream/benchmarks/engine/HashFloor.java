package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.TweakableHash;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The floor of any gate loop with our hash: one thread garbling (or evaluating) N AND gates
 * with nothing but the scheme's per-gate work around {@link TweakableHash} — each batch's
 * inputs written, hashed, and the outputs and tables made — and no circuit: no walker, no
 * dependency checks, no XOR gates, tables into a buffer that is overwritten. The gates are
 * {@link LaneCircuit}'s ANDs (1,024 lanes, each AND of a lane reads its two labels and writes
 * the first), batched as the gate loop batches them. A gate loop can approach these rates,
 * not pass them; beside EMP's whole gate ({@code run.sh party-garble|party-evaluate} with
 * {@code CIRCUIT=and:N}) they say how much of a gap the hash alone leaves.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.engine.HashFloor [ANDS] [ROUNDS]
 * </pre>
 *
 * Prints, per scheme and side, the median rate over ROUNDS (default 10^7 ANDs, 5 rounds, after
 * one warm-up round) in M AND/s and ns per AND.
 */
public final class HashFloor {
    /** Lanes, as {@link LaneCircuit}'s default for the 10^7-AND rows. */
    static final int LANES = 1024;

    private HashFloor() {
    }

    /** ns per AND garbling (or evaluating) {@code ands} ANDs under {@code s}, one thread, on random labels. */
    static double nsPerAnd(Scheme s, boolean garble, long ands) {
        GarblingScheme g = GarblingScheme.of(s);
        Random r = new Random(1);
        long[] labels = new long[4 * LANES];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = r.nextLong();
        }
        long dLo = r.nextLong() | 1;
        long dHi = r.nextLong();
        long t = garble ? garble(g, new TweakableHash(), labels, dLo, dHi, ands, null, null)
                : evaluate(g, new TweakableHash(), labels, ands, null, null);
        return (double) t / ands;
    }

    /**
     * Garbles {@code ands} ANDs: the AND of lane l reads slots l and {@link #LANES} + l of
     * {@code labels} (0-labels, slot s at longs 2s, 2s+1) and writes slot l. The tables go to
     * {@code record} in gate order (and each gate's control bits to {@code controls}) if it is
     * not null, else into one batch's buffer, overwritten. Returns the nanoseconds taken.
     */
    static long garble(GarblingScheme g, TweakableHash hash, long[] labels, long dLo, long dHi, long ands,
            byte[] record, int[] controls) {
        int blocks = g.garbleBlocks();
        int batch = Math.min(LANES, hash.capacity() / blocks);
        int tb = g.tableBytes();
        byte[] tables = record != null ? record : new byte[tb * batch];
        int[] info = new int[batch];
        int lane = 0;
        long t0 = System.nanoTime();
        for (long done = 0; done < ands; ) {
            int n = (int) Math.min(batch, Math.min(ands - done, LANES - lane));
            for (int q = 0; q < n; q++) {
                info[q] = g.garblePrepare(TruthTable.AND, labels, 2 * (lane + q), 2 * (LANES + lane + q), dLo, dHi,
                        done + q, hash, q * blocks);
            }
            hash.run(n * blocks);
            int base = record != null ? (int) done * tb : 0;
            for (int q = 0; q < n; q++) {
                int c = g.garbleFinish(info[q], hash, q * blocks, dLo, dHi, labels, 2 * (lane + q), tables,
                        base + q * tb);
                if (controls != null) {
                    controls[(int) done + q] = c;
                }
            }
            done += n;
            lane = (lane + n) % LANES;
        }
        return System.nanoTime() - t0;
    }

    /**
     * Evaluates the ANDs {@link #garble} garbled, on active labels: tables (and control bits)
     * from {@code record} and {@code controls} if not null, else from one batch's buffer of
     * random bytes (the work does not depend on them). Returns the nanoseconds taken.
     */
    static long evaluate(GarblingScheme g, TweakableHash hash, long[] labels, long ands, byte[] record,
            int[] controls) {
        int blocks = g.evalBlocks();
        int batch = Math.min(LANES, hash.capacity() / blocks);
        int tb = g.tableBytes();
        byte[] tables = record;
        if (tables == null) {
            tables = new byte[tb * batch];
            new Random(2).nextBytes(tables);
        }
        int[] info = new int[batch];
        int lane = 0;
        long t0 = System.nanoTime();
        for (long done = 0; done < ands; ) {
            int n = (int) Math.min(batch, Math.min(ands - done, LANES - lane));
            for (int q = 0; q < n; q++) {
                info[q] = g.evalPrepare(labels, 2 * (lane + q), 2 * (LANES + lane + q), done + q, hash, q * blocks);
            }
            hash.run(n * blocks);
            int base = record != null ? (int) done * tb : 0;
            for (int q = 0; q < n; q++) {
                int c = controls != null ? controls[(int) done + q] : 0;
                g.evalFinish(info[q], c, hash, q * blocks, tables, base + q * tb, labels, 2 * (lane + q));
            }
            done += n;
            lane = (lane + n) % LANES;
        }
        return System.nanoTime() - t0;
    }

    /** Prints the table: args [ANDS] [ROUNDS]. */
    public static void main(String[] args) {
        long ands = args.length > 0 ? (long) Double.parseDouble(args[0]) : 10_000_000L;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        System.out.printf(Locale.ROOT, "HashFloor: %,d ANDs over %d lanes, Java %s, median of %d rounds%n",
                ands, LANES, System.getProperty("java.version"), rounds);
        System.out.println("| scheme | side | M AND/s | ns per AND |");
        System.out.println("|---|---|---|---|");
        for (Scheme s : Scheme.values()) {
            for (boolean garble : new boolean[] {true, false}) {
                nsPerAnd(s, garble, ands); // warm-up
                double[] ns = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    ns[i] = nsPerAnd(s, garble, ands);
                }
                Arrays.sort(ns);
                double m = ns[rounds / 2];
                System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %.1f |%n", s.name().toLowerCase(Locale.ROOT).replace('_', '-'),
                        garble ? "garbler" : "evaluator", 1e3 / m, m);
            }
        }
    }
}
