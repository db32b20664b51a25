package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartySideTest {
    @Test
    void inputsAreNumberedInTheOrderDeclared() {
        Computation c = new Computation();
        UInt a = c.creator().uint(3);
        Bit b = c.creator().bit();
        SInt[] s = c.creator().sints(2, 4);
        UInt e = c.evaluator().uint(5);
        assertEquals(List.of(a, b, s[0], s[1]), c.creator().inputs());
        assertEquals(12, c.creator().inputWidth());
        assertEquals(5, c.evaluator().inputWidth());
        assertEquals(Party.EVALUATOR, c.evaluator().party());
        c.evaluator().output(e);
        c.creator().output(e);
        Circuit circuit = c.build();
        assertEquals(12, circuit.creatorInputCount());
        assertEquals(5, circuit.evaluatorInputCount());
        boolean[] bits = c.creator().encoder().set(a, 5).set(b, true).set(s, new long[] {-1, 3}).encode();
        // a = 101, b = 1, s0 = 1111, s1 = 0011, bit 0 first
        assertArrayEquals(BitCodec.concat(BitCodec.ofLong(5, 3), new boolean[] {true}, BitCodec.ofLong(-1, 4),
                BitCodec.ofLong(3, 4)), bits);
    }

    @Test
    void encodeIsTheShortcutForASingleInput() {
        Computation c = new Computation();
        SInt a = c.creator().sint(32);
        assertArrayEquals(BitCodec.ofLong(-5, 32), c.creator().encode(a, -5));
        c.creator().uint(1);
        assertThrows(IllegalArgumentException.class, () -> c.creator().encode(a, 1));
    }

    @Test
    void arraysAndCounts() {
        Computation c = new Computation();
        assertEquals(3, c.evaluator().bits(3).length);
        assertEquals(0, c.evaluator().uints(0, 8).length);
        assertThrows(IllegalArgumentException.class, () -> c.evaluator().uints(-1, 8));
        assertThrows(IllegalArgumentException.class, () -> c.evaluator().uint(0));
        assertThrows(IllegalArgumentException.class,
                () -> c.evaluator().output(new Value[] {c.creator().uint(8), c.creator().uint(9)}));
    }
}
