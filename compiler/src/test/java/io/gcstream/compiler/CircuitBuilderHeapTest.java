package io.gcstream.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The builder's memory does not grow with the program: a running sum of 10^5 and one of 10^6
 * gates (live values: a few words) build, compile and simulate correctly in the same small
 * heap, in child JVMs. The heap is chosen so that the larger program could not be held: its
 * body alone at 16 bytes a gate (the in-memory compiler's final form, before any of the
 * optimiser's tables) is 20 MB, and the JVM itself takes a few.
 */
class CircuitBuilderHeapTest {
    private static final String HEAP = "24m";

    @Test
    void aTenTimesLongerProgramBuildsInTheSameHeap() throws Exception {
        for (long gates : new long[] {100_000, 1_000_000}) {
            ChildJvm.Result r = ChildJvm.run(HEAP, RunningSumMain.class, Long.toString(gates));
            assertEquals(0, r.status(), gates + " gates in -Xmx" + HEAP + ": " + r.output());
            assertTrue(r.output().endsWith("ok"), r.output());
        }
    }
}
