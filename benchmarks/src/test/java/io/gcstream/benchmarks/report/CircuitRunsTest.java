package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.Scheme;
import org.junit.jupiter.api.Test;

class CircuitRunsTest {
    @Test
    void aRowHoldsTheCircuitTheMediansAndTheReference() throws Exception {
        CircuitRuns.Reference ref = new CircuitRuns.Reference(1L, 2.0, null);
        Row r = CircuitRuns.measure("library", Library.get("hamming16"), Scheme.GRR3, 1, 0, 3, ref);
        assertEquals("hamming16", r.circuit());
        assertEquals("grr3", r.scheme());
        assertEquals(15, r.nonLinear(), "16 - HW(16)");
        assertEquals(3, r.runs());
        assertEquals(1, r.warmupRuns());
        assertTrue(r.totalMs() >= r.onlineMs() && r.onlineMs() > 0, r.toString());
        assertTrue(r.creatorSentBytes() >= 15 * 48L, "at least the GRR3 tables: " + r);
        assertTrue(r.peakHeapBytes() > 0 && r.heapBeforeBytes() > 0, r.toString());
        assertEquals(1L, r.paperNonLinear());
        assertEquals(null, r.mesfeMs());
    }

    @Test
    void countsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> CircuitRuns.measure("library", Library.get("hamming8"),
                Scheme.HALF_GATES, 0, 0, 0, CircuitRuns.Reference.NONE));
        assertThrows(IllegalArgumentException.class, () -> CircuitRuns.measure("library", Library.get("hamming8"),
                Scheme.HALF_GATES, 0, -1, 1, CircuitRuns.Reference.NONE));
    }

    @Test
    void medians() {
        assertEquals(2.0, CircuitRuns.median(new double[] {3, 1, 2}));
        assertEquals(2.5, CircuitRuns.median(new double[] {4, 1, 2, 3}));
        assertEquals(5L, CircuitRuns.median(new long[] {9, 5, 1}));
    }
}
