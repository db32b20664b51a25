package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import java.math.BigInteger;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ComputationTest {
    @Test
    void constantsAreCheckedAndCostNothing() throws Exception {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        Output o = c.evaluator().output(x.add(c.uint(200, 8)).xor(c.uint(BigInteger.valueOf(15), 8)));
        Output s = c.evaluator().output(c.sint(-3, 8).mul(c.sint(BigInteger.valueOf(5), 8)));
        Output b = c.evaluator().output(c.bit(true).and(c.bit(false)));
        Circuit circuit = c.build();
        // only the adder of x, and of it only the carries into bits 5, 6 and 7 (200 = 0b11001000): constants fold
        assertEquals(3, circuit.nonLinearCount());
        boolean[] out = Simulator.run(circuit, c.creator().encode(x, 100), new boolean[0]).evaluatorOutputs();
        assertEquals(((100 + 200) & 0xFF) ^ 15, o.decodeInt(out));
        assertEquals(-15, s.decodeInt(out));
        assertEquals(false, b.decodeBoolean(out));
        assertTrue(c.uint(5, 8).isConstant());
        assertTrue(c.bit(true).isConstant());
        assertEquals(false, x.isConstant());
        assertThrows(IllegalArgumentException.class, () -> c.uint(256, 8));
        assertThrows(IllegalArgumentException.class, () -> c.uint(BigInteger.valueOf(-1), 8));
        assertThrows(IllegalArgumentException.class, () -> c.sint(128, 8));
        assertThrows(IllegalArgumentException.class, () -> c.uint(0, 0));
    }

    @Test
    void subroutinesAreCalledNotCopied() throws Exception {
        Computation c = new Computation();
        UInt[] xs = c.creator().uints(4, 16);
        UInt[] ys = c.evaluator().uints(4, 16);
        Computation.Function3<UInt, UInt, UInt, UInt> mulAdd = c.define("mulAdd16", Type.uint(16), Type.uint(16),
                Type.uint(16), (a, b, acc) -> acc.add(a.mul(b)));
        UInt acc = c.uint(0, 16);
        for (int i = 0; i < 4; i++) {
            acc = mulAdd.apply(xs[i], ys[i], acc);
        }
        Output dot = c.evaluator().output(acc);
        Circuit circuit = c.build();
        assertEquals(1, circuit.subCircuits().size());
        assertEquals(4 * (16 * 16 - 16 + 1 + 15), circuit.nonLinearCount());
        long[] x = {1, 2, 3, 40000};
        long[] y = {5, 6, 7, 3};
        boolean[] out = Simulator.run(circuit, c.creator().encoder().set(xs, x).encode(),
                c.evaluator().encoder().set(ys, y).encode()).evaluatorOutputs();
        assertEquals((5 + 12 + 21 + 120000) & 0xFFFF, dot.decodeInt(out));
        assertEquals("mulAdd16", circuit.subCircuits().get(0).name());
    }

    @Test
    void definitionsNestAndTakeOneOrTwoParameters() throws Exception {
        Computation c = new Computation();
        Function<UInt, UInt> square = c.define("square8", Type.uint(8), x -> x.mul(x));
        BiFunction<UInt, UInt, UInt> sumOfSquares = c.define("sos8", Type.uint(8), Type.uint(8),
                (a, b) -> square.apply(a).add(square.apply(b)));
        Function<SInt, Bit> negative = c.define("neg", Type.sint(8), SInt::isNegative);
        UInt x = c.creator().uint(8);
        UInt y = c.evaluator().uint(8);
        Output o = c.evaluator().output(sumOfSquares.apply(x, y));
        Output n = c.evaluator().output(negative.apply(x.asSigned()));
        Circuit circuit = c.build();
        boolean[] out = Simulator.run(circuit, c.creator().encode(x, 200), c.evaluator().encode(y, 3)).evaluatorOutputs();
        assertEquals((200 * 200 + 9) & 0xFF, o.decodeInt(out));
        assertEquals(true, n.decodeBoolean(out));
        assertEquals(3, circuit.subCircuits().size());
    }

    @Test
    void aConstantMayBeUsedInsideADefinition() throws Exception {
        Computation c = new Computation();
        UInt ten = c.uint(10, 8);
        Function<UInt, UInt> addTen = c.define("addTen", Type.uint(8), x -> x.add(ten));
        UInt x = c.creator().uint(8);
        Output o = c.creator().output(addTen.apply(x));
        Circuit circuit = c.build();
        assertEquals(15, o.decodeInt(Simulator.run(circuit, c.creator().encode(x, 5), new boolean[0]).creatorOutputs()));
    }

    @Test
    void valuesStayInTheBodyTheyWereMadeIn() {
        Computation c = new Computation();
        UInt outside = c.creator().uint(8);
        UInt[] leaked = new UInt[1];
        IllegalArgumentException in = assertThrows(IllegalArgumentException.class,
                () -> c.define("f", Type.uint(8), x -> x.add(outside)));
        assertTrue(in.getMessage().contains("made in the main circuit is used in sub-circuit f"), in.getMessage());
        c.define("g", Type.uint(8), x -> {
            leaked[0] = x.add(1);
            return leaked[0];
        });
        IllegalArgumentException out = assertThrows(IllegalArgumentException.class, () -> outside.add(leaked[0]));
        assertTrue(out.getMessage().contains("made in sub-circuit g is used in the main circuit"), out.getMessage());
        Computation other = new Computation();
        UInt foreign = other.creator().uint(8);
        assertThrows(IllegalArgumentException.class, () -> outside.add(foreign));
        assertThrows(IllegalArgumentException.class, () -> c.define("h", Type.uint(8), x -> foreign));
    }

    @Test
    void inputsOutputsAndBuildOnlyInTheMainCircuit() {
        Computation c = new Computation();
        assertThrows(IllegalStateException.class, () -> c.define("f", Type.uint(8), x -> c.creator().uint(8)));
        assertThrows(IllegalStateException.class, () -> c.define("g", Type.uint(8), x -> {
            c.evaluator().output(x);
            return x;
        }));
        assertThrows(IllegalStateException.class, () -> c.define("h", Type.uint(8), x -> {
            c.build();
            return x;
        }));
        assertThrows(NullPointerException.class, () -> c.define("n", Type.uint(8), x -> null));
    }

    @Test
    void sideNamesAParty() {
        Computation c = new Computation();
        assertSame(c.creator(), c.side(Party.CREATOR));
        assertSame(c.evaluator(), c.side(Party.EVALUATOR));
    }
}
