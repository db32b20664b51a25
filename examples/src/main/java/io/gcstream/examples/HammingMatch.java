package io.gcstream.examples;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.lib.Hamming;
import io.gcstream.engine.LocalPair;
import java.io.IOException;

/**
 * Biometric matching by Hamming distance: the creator holds an enrolled n-bit template (an iris
 * code, say), the evaluator a fresh reading; both learn only whether the two differ in at most
 * {@code threshold} bits, not the distance and not each other's bits. The circuit is written in
 * the DSL from the library's Hamming weight ({@code n - HW(n)} ANDs) and one comparison with a
 * public constant.
 */
public final class HammingMatch {
    private HammingMatch() {
    }

    /** One output bit to both parties: distance(template, reading) &lt;= threshold. */
    public static Circuit circuit(int n, int threshold) {
        CircuitBuilder b = new CircuitBuilder();
        Word template = b.creatorInput(n);
        Word reading = b.evaluatorInput(n);
        Word distance = Hamming.distance(b, template, reading);
        Word limit = b.constant(threshold + 1L, distance.width() + 1);
        int match = Arithmetic.lessThan(b, distance.concat(b.constant(0, 1)), limit);
        b.creatorOutput(Word.of(match));
        b.evaluatorOutput(Word.of(match));
        return b.build();
    }

    /** Both parties in this process: whether the two readings match. */
    public static boolean matches(boolean[] template, boolean[] reading, int threshold) throws IOException {
        LocalPair.Result r = LocalPair.run(circuit(template.length, threshold), template, reading);
        return r.evaluatorOutputs()[0];
    }

    public static void main(String[] args) throws IOException {
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
