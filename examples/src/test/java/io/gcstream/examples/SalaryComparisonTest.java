package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SalaryComparisonTest {
    @Test
    void bobLearnsWhetherAliceEarnsMore() throws Exception {
        long[][] cases = {{52_000, 48_000}, {48_000, 52_000}, {50_000, 50_000}, {0, 0}, {0xFFFF_FFFFL, 0},
            {0, 0xFFFF_FFFFL}};
        for (long[] c : cases) {
            assertEquals(c[0] > c[1], SalaryComparison.aliceEarnsMore(c[0], c[1]), c[0] + " vs " + c[1]);
        }
    }

    @Test
    void thirtyTwoAndGates() {
        assertEquals(32, new SalaryComparison.Program().circuit.nonLinearCount());
    }

    @Test
    void twoPartiesEachWithTheirOwnSession() throws Exception {
        Object[] r = Pair.run((role, ch, s) -> SalaryComparison.run(s, 61_000),
                (role, ch, s) -> SalaryComparison.run(s, 60_999));
        assertNull(r[0]); // Alice learns nothing
        assertEquals(true, r[1]);
    }

    @Test
    void aSalaryMustFitIn32Bits() {
        assertThrows(IllegalArgumentException.class, () -> SalaryComparison.aliceEarnsMore(1L << 32, 0));
        assertThrows(IllegalArgumentException.class, () -> SalaryComparison.aliceEarnsMore(-1, 0));
    }
}
