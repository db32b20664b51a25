package io.gcstream.examples;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.engine.LocalPair;
import java.io.IOException;

/**
 * Yao's millionaires: two parties learn who is richer and nothing else. The circuit is built
 * with the compiler's DSL (one comparator: 64 AND gates), then run under garbling with both
 * parties in this process.
 *
 * <pre>mvn -q -pl examples -am compile exec:java -Dexec.args="1200000 950000"</pre>
 */
public final class Millionaires {
    private Millionaires() {
    }

    /** A circuit whose single output bit, given to both parties, is 1 iff creator's wealth &lt; evaluator's. */
    public static Circuit circuit() {
        CircuitBuilder b = new CircuitBuilder();
        Word alice = b.creatorInput(64);
        Word bob = b.evaluatorInput(64);
        int aliceIsPoorer = Arithmetic.lessThan(b, alice, bob);
        b.creatorOutput(Word.of(aliceIsPoorer));
        b.evaluatorOutput(Word.of(aliceIsPoorer));
        return b.build();
    }

    /** Runs the comparison under garbling; true iff {@code alice < bob} (unsigned). */
    public static boolean alicePoorer(long alice, long bob) throws IOException {
        LocalPair.Result r = LocalPair.run(circuit(), BitCodec.ofLong(alice, 64), BitCodec.ofLong(bob, 64));
        if (r.creatorOutputs()[0] != r.evaluatorOutputs()[0]) {
            throw new IllegalStateException("the parties disagree");
        }
        return r.evaluatorOutputs()[0];
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Millionaires <alice's wealth> <bob's wealth>");
            System.exit(2);
        }
        long alice = Long.parseUnsignedLong(args[0]);
        long bob = Long.parseUnsignedLong(args[1]);
        Circuit c = circuit();
        System.out.println("comparator: " + c.nonLinearCount() + " AND gates, S = " + c.numSlots());
        System.out.println(alicePoorer(alice, bob) ? "Bob is richer" : "Alice is at least as rich as Bob");
    }
}
