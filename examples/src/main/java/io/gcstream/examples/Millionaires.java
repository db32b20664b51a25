package io.gcstream.examples;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Bit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Output;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.LocalPair;

/**
 * Yao's millionaires: two parties learn who is richer and nothing else. The computation is
 * written with the compiler's DSL (one comparison: 64 AND gates), then run under garbling
 * with both parties in this process.
 *
 * <pre>mvn -q -pl examples -am compile exec:java -Dexec.args="1200000 950000"</pre>
 */
public final class Millionaires {
    private Millionaires() {
    }

    /** The computation: both parties learn whether Alice's wealth is below Bob's (unsigned 64-bit). */
    static final class Program {
        final Computation c = new Computation();
        final UInt alice = c.creator().uint(64);
        final UInt bob = c.evaluator().uint(64);
        final Bit alicePoorer = alice.lessThan(bob);
        final Output toAlice = c.creator().output(alicePoorer);
        final Output toBob = c.evaluator().output(alicePoorer);
        final Circuit circuit = c.build();
    }

    /** The circuit: one output bit to each party. */
    public static Circuit circuit() {
        return new Program().circuit;
    }

    /** Runs the comparison under garbling; true iff {@code alice < bob} (unsigned). */
    public static boolean alicePoorer(long alice, long bob) {
        Program p = new Program();
        LocalPair.Outcome r = LocalPair.run(p.circuit, p.c.creator().encode(p.alice, alice),
                p.c.evaluator().encode(p.bob, bob));
        boolean answer = p.toBob.decodeBoolean(r.evaluatorOutputs());
        if (p.toAlice.decodeBoolean(r.creatorOutputs()) != answer) {
            throw new IllegalStateException("the parties disagree");
        }
        return answer;
    }

    public static void main(String[] args) {
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
