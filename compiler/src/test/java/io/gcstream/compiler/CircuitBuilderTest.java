package io.gcstream.compiler;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.internal.Arithmetic;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class CircuitBuilderTest {
    @Test
    void singleGatesOnAllInputs() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        int x = b.creatorInput(1).bit(0);
        int y = b.evaluatorInput(1).bit(0);
        int s = b.evaluatorInput(1).bit(0);
        b.evaluatorOutput(Word.of(b.xor(x, y), b.and(x, y), b.or(x, y), b.not(x), b.gate(TruthTable.XNOR, x, y), b.mux(s, x, y),
                b.gate(TruthTable.NAND, x, y)));
        Circuit c = b.build();
        assertEquals(4, c.nonLinearCount()); // AND, OR, MUX, NAND
        for (int i = 0; i < 8; i++) {
            boolean xv = (i & 1) == 1;
            boolean yv = (i & 2) == 2;
            boolean sv = (i & 4) == 4;
            boolean[] out = Simulator.run(c, new boolean[] {xv}, new boolean[] {yv, sv}).evaluatorOutputs();
            assertArrayEquals(new boolean[] {xv ^ yv, xv & yv, xv | yv, !xv, xv == yv, sv ? yv : xv, !(xv & yv)}, out);
        }
    }

    @Test
    void inputsAndOutputsAreConcatenatedInOrderPerParty() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        Word e1 = b.evaluatorInput(2);
        Word c1 = b.creatorInput(3);
        Word e2 = b.evaluatorInput(1);
        b.creatorOutput(e2);
        b.evaluatorOutput(c1);
        b.creatorOutput(e1);
        b.evaluatorOutput(b.constant(2, 2)); // constant outputs are fine
        Circuit c = b.build();
        assertEquals(3, c.creatorInputCount());
        assertEquals(3, c.evaluatorInputCount());
        Simulator.Result r = Simulator.run(c, bits(0b101, 3), bits(0b110, 3));
        // evaluator bits: e1 = 0b10 (bits 0..1), e2 = 1 (bit 2)
        assertEquals(BigInteger.valueOf(1 | (0b10 << 1)), value(r.creatorOutputs()));
        assertEquals(BigInteger.valueOf(0b101 | (2 << 3)), value(r.evaluatorOutputs()));
    }

    @Test
    void subCircuitsAreDefinedOnceAndCalledManyTimes() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        UnaryOperator<Word> add8 = b.define("add8", 16, in -> Arithmetic.add(b, in.slice(0, 8), in.slice(8, 16)));
        Word x = b.creatorInput(8);
        Word y = b.evaluatorInput(8);
        Word acc = x;
        for (int i = 0; i < 10; i++) {
            acc = add8.apply(acc.concat(y));
        }
        b.evaluatorOutput(acc);
        Circuit c = b.build();
        assertEquals(1, Circuits.subCircuits(c).size());
        assertEquals("add8", Circuits.subCircuits(c).get(0).name());
        assertEquals(10, c.instructionCount(), "ten call instructions, no inlined gates");
        assertEquals(10 * 7, c.nonLinearCount());
        Random rnd = new Random(5);
        for (int r = 0; r < 20; r++) {
            int xv = rnd.nextInt(256);
            int yv = rnd.nextInt(256);
            boolean[] out = Simulator.run(c, bits(xv, 8), bits(yv, 8)).evaluatorOutputs();
            assertEquals(BigInteger.valueOf((xv + 10 * yv) & 255), value(out));
        }
    }

    @Test
    void nestedDefinitionsCallEarlierOnes() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        UnaryOperator<Word> maj = b.define("maj", 3, in -> {
            int x = in.bit(0);
            int y = in.bit(1);
            int z = in.bit(2);
            // maj(x, y, z) = x ^ ((x ^ y) & (x ^ z)): one AND
            return Word.of(b.xor(x, b.and(b.xor(x, y), b.xor(x, z))));
        });
        UnaryOperator<Word> maj5 = b.define("maj3of3", 9, in -> {
            Word m = maj.apply(in.slice(0, 3)).concat(maj.apply(in.slice(3, 6))).concat(maj.apply(in.slice(6, 9)));
            return maj.apply(m);
        });
        Word x = b.creatorInput(9);
        b.evaluatorOutput(maj5.apply(x));
        b.evaluatorOutput(maj.apply(Word.of(x.bit(0), CircuitBuilder.ONE, CircuitBuilder.ZERO))); // = x0
        Circuit c = b.build();
        assertEquals(2, Circuits.subCircuits(c).size());
        assertEquals(5, c.nonLinearCount());
        for (int v = 0; v < 512; v++) {
            boolean[] in = bits(v, 9);
            boolean[] m = new boolean[3];
            for (int k = 0; k < 3; k++) {
                int cnt = (in[3 * k] ? 1 : 0) + (in[3 * k + 1] ? 1 : 0) + (in[3 * k + 2] ? 1 : 0);
                m[k] = cnt >= 2;
            }
            boolean expected = (m[0] ? 1 : 0) + (m[1] ? 1 : 0) + (m[2] ? 1 : 0) >= 2;
            boolean[] out = Simulator.run(c, in, new boolean[0]).evaluatorOutputs();
            assertArrayEquals(new boolean[] {expected, in[0]}, out, "v = " + v);
        }
    }

    @Test
    void subCircuitMayReturnItsInputOrAConstant() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        UnaryOperator<Word> f = b.define("f", 2, in -> Word.of(in.bit(1), CircuitBuilder.ONE, b.xor(in.bit(0), in.bit(0))));
        Word x = b.evaluatorInput(2);
        b.evaluatorOutput(f.apply(x));
        Circuit c = b.build();
        for (int v = 0; v < 4; v++) {
            boolean[] out = Simulator.run(c, new boolean[0], bits(v, 2)).evaluatorOutputs();
            assertArrayEquals(new boolean[] {(v & 2) == 2, true, false}, out);
        }
    }

    @Test
    void misuseIsReported() {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(4);
        UnaryOperator<Word> f = b.define("id", 4, in -> in);
        assertThrows(IllegalArgumentException.class, () -> f.apply(x.slice(0, 3)));
        assertThrows(IllegalArgumentException.class, () -> b.xor(x, x.slice(0, 2)));
        assertThrows(IllegalArgumentException.class, () -> b.and(999, x.bit(0)));
        assertThrows(IllegalStateException.class, () -> b.define("g", 1, in -> {
            b.creatorInput(1);
            return in;
        }));
        b.evaluatorOutput(f.apply(x));
        b.build();
        assertThrows(IllegalStateException.class, () -> f.apply(x), "a call after build()");
        CircuitBuilder none = new CircuitBuilder();
        none.evaluatorOutput(none.constant(1, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, none::build);
        assertTrue(e.getMessage().contains("without inputs"));
    }

    @Test
    void unusedInputsStayInputs() throws IOException {
        CircuitBuilder b = new CircuitBuilder();
        b.creatorInput(5);
        Word y = b.evaluatorInput(1);
        b.evaluatorOutput(b.not(y));
        Circuit c = b.build();
        assertEquals(5, c.creatorInputCount());
        assertArrayEquals(new boolean[] {false}, Simulator.run(c, new boolean[5], new boolean[] {true}).evaluatorOutputs());
    }
}
