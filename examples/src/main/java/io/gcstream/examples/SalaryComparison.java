package io.gcstream.examples;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Output;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.LocalPair;
import java.io.IOException;

/**
 * Does Alice earn more than Bob? Bob learns the answer and nothing else; Alice learns nothing.
 * The whole computation is the four lines of {@link Program} (32 AND gates); the rest runs it,
 * both parties in this process or as two processes:
 *
 * <pre>
 * java … SalaryComparison 52000 48000                       # both in one process
 * java … SalaryComparison creator 7766 52000                # Alice
 * java … SalaryComparison evaluator localhost:7766 48000    # Bob: prints the answer
 * </pre>
 */
public final class SalaryComparison {
    private SalaryComparison() {
    }

    /** The computation. Both parties build it the same way; each encodes and decodes its own side. */
    static final class Program {
        final Computation c = new Computation();
        final UInt alice = c.creator().uint(32);
        final UInt bob = c.evaluator().uint(32);
        final Output aliceEarnsMore = c.evaluator().output(alice.greaterThan(bob));
        final Circuit circuit = c.build();
    }

    /** Both parties in this process: whether {@code alice > bob}, as Bob learns it. */
    public static boolean aliceEarnsMore(long alice, long bob) {
        Program p = new Program();
        LocalPair.Outcome r = LocalPair.run(p.circuit, p.c.creator().encode(p.alice, alice),
                p.c.evaluator().encode(p.bob, bob));
        return p.aliceEarnsMore.decodeBoolean(r.evaluatorOutputs());
    }

    /** One party's run over a session: Bob gets the answer, Alice null. */
    public static Boolean run(GcSession session, long mySalary) {
        Program p = new Program();
        boolean alice = session.role() == Party.CREATOR;
        boolean[] out = session.run(p.circuit, alice ? p.c.creator().encode(p.alice, mySalary)
                : p.c.evaluator().encode(p.bob, mySalary));
        return alice ? null : p.aliceEarnsMore.decodeBoolean(out);
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 2) {
            System.out.println(aliceEarnsMore(Long.parseLong(args[0]), Long.parseLong(args[1]))
                    ? "Alice earns more" : "Alice does not earn more");
            return;
        }
        if (args.length != 3) {
            System.err.println("usage: SalaryComparison ALICE BOB | creator PORT SALARY | evaluator HOST:PORT SALARY");
            System.exit(2);
        }
        try (GcSession s = Connect.session(args[0], args[1])) {
            Boolean answer = run(s, Long.parseLong(args[2]));
            System.out.println(answer == null ? "done (Bob learns the answer)"
                    : answer ? "Alice earns more" : "Alice does not earn more");
        }
    }
}
