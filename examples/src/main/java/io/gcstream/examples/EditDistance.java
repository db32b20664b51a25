package io.gcstream.examples;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.LocalPair;

/**
 * The edit distance of two private DNA strings (the genome-comparison application of FastGC):
 * the library's {@code levenshtein<n>x<m>dna}, one sub-circuit call per cell of the dynamic
 * program, 5 AND gates per cell. Both parties learn the distance and nothing else.
 */
public final class EditDistance {
    private EditDistance() {
    }

    /** The distance of {@code a} (the creator's) and {@code b} (the evaluator's), strings over ACGT. */
    public static long distance(String a, String b) {
        LibraryCircuit c = Library.get("levenshtein" + a.length() + "x" + b.length() + "dna");
        LocalPair.Outcome r = LocalPair.run(c.circuit(), c.encode(Party.CREATOR, a), c.encode(Party.EVALUATOR, b));
        return BitCodec.toLong(r.evaluatorOutputs());
    }

    public static void main(String[] args) {
        String a = args.length > 0 ? args[0] : "GATTACAGATTACA";
        String b = args.length > 1 ? args[1] : "GCATGCTTACAGA";
        System.out.println("edit distance of " + a + " and " + b + ": " + distance(a, b));
    }
}
