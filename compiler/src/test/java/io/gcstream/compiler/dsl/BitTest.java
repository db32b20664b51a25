package io.gcstream.compiler.dsl;

import static io.gcstream.compiler.dsl.DslCheck.WIDTHS;
import static io.gcstream.compiler.dsl.DslCheck.bool;
import static io.gcstream.compiler.dsl.DslCheck.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

class BitTest {
    @Test
    void logic() throws IOException {
        Type<Bit> t = Type.bit();
        check("and", t, 1L, Bit::and, BigInteger::and);
        check("or", t, 1L, Bit::or, BigInteger::or);
        check("xor", t, 0L, Bit::xor, BigInteger::xor);
        check("equalTo", t, 0L, Bit::equalTo, (x, y) -> bool(x.equals(y)));
        check("not", t, 0L, (x, y) -> x.not(), (x, y) -> bool(x.signum() == 0));
        check("asUInt", t, 0L, (x, y) -> x.asUInt(), (x, y) -> x);
    }

    @Test
    void selectCostsOneAndPerBit() throws IOException {
        for (int n : WIDTHS) {
            for (Type<? extends IntValue<?>> t : List.of(Type.uint(n), Type.sint(n))) {
                check("select", t, (long) n, (x, y) -> x.bit(0).select(x, y), (x, y) -> x.testBit(0) ? x : y);
            }
        }
        check("select bits", Type.bit(), 1L, (x, y) -> x.select(y, x.not()), (x, y) -> x.signum() != 0 ? y : bool(true));
    }

    @Test
    void selectBetweenConstants() throws IOException {
        Computation c = new Computation();
        Bit s = c.creator().bit();
        Output o = c.evaluator().output(s.select(c.uint(200, 8), c.uint(7, 8)));
        Circuit circuit = c.build();
        assertEquals(0, circuit.nonLinearCount()); // a constant choice is linear in s
        for (boolean v : new boolean[] {false, true}) {
            boolean[] out = Simulator.run(circuit, c.creator().encoder().set(s, v).encode(), new boolean[0]).evaluatorOutputs();
            assertEquals(v ? 200 : 7, o.decodeInt(out));
        }
    }

    @Test
    void selectNeedsOneType() {
        Computation c = new Computation();
        Bit s = c.creator().bit();
        assertThrows(IllegalArgumentException.class, () -> s.select(c.creator().uint(8), c.creator().sint(8)));
        assertThrows(IllegalArgumentException.class, () -> s.select(c.creator().uint(8), c.creator().uint(9)));
    }
}
