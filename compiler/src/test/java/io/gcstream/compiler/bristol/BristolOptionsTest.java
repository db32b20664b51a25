package io.gcstream.compiler.bristol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.CircuitFormatException;
import io.gcstream.circuits.Party;
import org.junit.jupiter.api.Test;

class BristolOptionsTest {
    private static final Party C = Party.CREATOR;
    private static final Party E = Party.EVALUATOR;

    @Test
    void defaultGivesTheFirstHalfToTheCreator() {
        BristolOptions d = BristolOptions.defaults();
        assertArrayEquals(new Party[] {E}, d.inputPartiesFor(1, "x"));
        assertArrayEquals(new Party[] {C, E}, d.inputPartiesFor(2, "x"));
        assertArrayEquals(new Party[] {C, E, E}, d.outputPartiesFor(3, "x"));
        assertArrayEquals(new Party[] {C, C, E, E}, d.inputPartiesFor(4, "x"));
        assertEquals(BristolOptions.BitOrder.LSB_FIRST, d.bitOrder());
    }

    @Test
    void explicitPartiesMustMatchTheValueCount() {
        BristolOptions o = BristolOptions.defaults().inputParties(E, C).outputParties(C);
        assertArrayEquals(new Party[] {E, C}, o.inputPartiesFor(2, "x"));
        assertArrayEquals(new Party[] {C}, o.outputPartiesFor(1, "x"));
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> o.inputPartiesFor(3, "f.txt:2"));
        assertEquals("f.txt:2: option inputParties names 2 parties but the circuit has 3 input values", e.getMessage());
        assertThrows(NullPointerException.class, () -> BristolOptions.defaults().inputParties(C, null));
    }

    @Test
    void isAnImmutableValue() {
        BristolOptions a = BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST);
        assertEquals(BristolOptions.BitOrder.LSB_FIRST, BristolOptions.defaults().bitOrder());
        assertEquals(a, BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST));
        assertEquals(a.hashCode(), BristolOptions.defaults().bitOrder(BristolOptions.BitOrder.MSB_FIRST).hashCode());
        assertNotEquals(a, BristolOptions.defaults());
    }
}
