package io.gcstream.examples;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.GarbledValue;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.RunSpec;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * The minimum of both parties' values, a chunk per run (the paper's strategy (c)): each run
 * folds up to {@code CHUNK} values of one party into the running minimum, which stays garbled
 * between runs, so memory does not grow with the number of values. A last run with no gates
 * reveals the minimum to both. Both parties give the same number of values.
 *
 * <pre>
 * java … MinimumOfValues creator   7766           9 4 17 80 3
 * java … MinimumOfValues evaluator localhost:7766 12 6 1 44 70
 * </pre>
 * ({@code gc minimum} is the full tool: values from files, any counts, all three strategies.)
 */
public final class MinimumOfValues {
    /** Bits per value. */
    public static final int BITS = 20;
    /** Values per run. */
    public static final int CHUNK = 500;

    private MinimumOfValues() {
    }

    /** The minimum of {@code values} (this party's) and the peer's, as many; both parties call it. */
    public static long minimum(GcSession s, long[] values) {
        GarbledValue running = null;
        Party holder = null;
        for (Party p : Party.values()) {
            for (int from = 0; from < values.length; from += CHUNK) {
                int k = Math.min(CHUNK, values.length - from);
                RunSpec.Builder spec = RunSpec.builder(chunk(p, k, running == null));
                if (running != null) {
                    spec.input(p, running);
                }
                boolean[] mine = p == s.role() ? bits(Arrays.copyOfRange(values, from, from + k)) : new boolean[0];
                running = s.run(spec.keep(p).build(), mine).kept().get(0);
                holder = p;
            }
        }
        return BitCodec.toLong(s.run(RunSpec.builder(reveal(holder)).input(holder, running).build(),
                new boolean[0]).outputs());
    }

    /** k values of {@code p} folded into the running minimum (also an input of p, unless first). */
    private static Circuit chunk(Party p, int k, boolean first) {
        Computation c = new Computation();
        UInt[] values = c.side(p).uints(first ? k : k + 1, BITS); // the running minimum first
        BiFunction<UInt, UInt, UInt> min = c.define("min" + BITS, Type.uint(BITS), Type.uint(BITS), UInt::min);
        UInt m = values[0];
        for (int i = 1; i < values.length; i++) {
            m = min.apply(m, values[i]);
        }
        c.side(p).output(m);
        return c.build();
    }

    private static Circuit reveal(Party p) {
        Computation c = new Computation();
        UInt m = c.side(p).uint(BITS);
        c.creator().output(m);
        c.evaluator().output(m);
        return c.build();
    }

    private static boolean[] bits(long[] values) {
        boolean[][] parts = new boolean[values.length][];
        for (int i = 0; i < values.length; i++) {
            parts[i] = BitCodec.ofLong(values[i], BITS);
        }
        return BitCodec.concat(parts);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: MinimumOfValues creator PORT|evaluator HOST:PORT VALUE...");
            System.exit(2);
        }
        long[] values = Arrays.stream(args, 2, args.length).mapToLong(Long::parseLong).toArray();
        try (GcSession s = Connect.session(args[0], args[1])) {
            System.out.println("minimum: " + minimum(s, values));
        }
    }
}
