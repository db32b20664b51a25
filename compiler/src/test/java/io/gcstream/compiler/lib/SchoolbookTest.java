package io.gcstream.compiler.lib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import org.junit.jupiter.api.Test;

class SchoolbookTest {
    @Test
    void productsOnRandomInputsWith2nSquaredMinusNAnds() throws Exception {
        for (int n : new int[] {1, 2, 3, 5, 8, 16, 31, 64}) {
            Circuit c = Schoolbook.circuit(n);
            assertEquals(2L * n * n - n, c.nonLinearCount(), "ANDs for n = " + n);
            assertEquals(Schoolbook.nonLinearGates(n), c.nonLinearCount());
            assertEquals(n == 1 ? 0 : 1, Circuits.subCircuits(c).size(), "one row sub-circuit");
            Products.checkRandom(c, n, 20, n);
        }
        Products.checkVectors(Schoolbook.circuit(64));
    }

    @Test
    void mult128() {
        Circuit c = Schoolbook.circuit(128);
        assertEquals(32_640, c.nonLinearCount());
        System.out.println("library mult128: ANDs = " + c.nonLinearCount() + ", gates = " + c.gateCount() + ", S = "
                + c.numSlots() + ", label slots = " + c.labelSlots());
    }

    @Test
    void widthIsBounded() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Schoolbook.circuit(2049));
        assertTrue(e.getMessage().contains("2048"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Schoolbook.circuit(0));
    }
}
