package io.gcstream.examples;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Bit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Output;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.LocalPair;

/**
 * Biometric matching by Hamming distance: the creator holds an enrolled n-bit template (an iris
 * code, say), the evaluator a fresh reading; both learn only whether the two differ in at most
 * {@code threshold} bits, not the distance and not each other's bits. Written in the DSL: the
 * bits that differ, counted ({@code n - HW(n)} ANDs), compared with a public constant.
 */
public final class HammingMatch {
    private HammingMatch() {
    }

    /** The computation for n-bit readings. */
    static final class Program {
        final Computation c = new Computation();
        final Bit[] template;
        final Bit[] reading;
        final Output toCreator;
        final Output toEvaluator;
        final Circuit circuit;

        Program(int n, int threshold) {
            template = c.creator().bits(n);
            reading = c.evaluator().bits(n);
            Bit match = UInt.of(template).xor(UInt.of(reading)).bitCount().lessOrEqual(threshold);
            toCreator = c.creator().output(match);
            toEvaluator = c.evaluator().output(match);
            circuit = c.build();
        }
    }

    /** One output bit to both parties: distance(template, reading) &lt;= threshold (0 ≤ threshold ≤ n). */
    public static Circuit circuit(int n, int threshold) {
        return new Program(n, threshold).circuit;
    }

    /** Both parties in this process: whether the two readings match. */
    public static boolean matches(boolean[] template, boolean[] reading, int threshold) {
        Program p = new Program(template.length, threshold);
        LocalPair.Outcome r = LocalPair.run(p.circuit, p.c.creator().encoder().set(p.template, template).encode(),
                p.c.evaluator().encoder().set(p.reading, reading).encode());
        return p.toEvaluator.decodeBoolean(r.evaluatorOutputs());
    }

    public static void main(String[] args) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom();
        int n = 900;
        boolean[] template = new boolean[n];
        for (int i = 0; i < n; i++) {
            template[i] = rnd.nextBoolean();
        }
        boolean[] reading = template.clone();
        for (int i = 0; i < 100; i++) {
            reading[rnd.nextInt(n)] ^= true;
        }
        Circuit c = circuit(n, 250);
        System.out.println("circuit: " + c.nonLinearCount() + " AND gates");
        System.out.println(matches(template, reading, 250) ? "match" : "no match");
    }
}
