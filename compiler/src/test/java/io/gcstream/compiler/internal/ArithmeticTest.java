package io.gcstream.compiler.internal;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class ArithmeticTest {
    private static final int[] WIDTHS = {1, 2, 3, 8, 17, 64};
    private static final int RUNS = 40;

    /** A circuit taking x (creator) and y (evaluator) of n bits, output by the evaluator. */
    private static Circuit binary(int n, BiFunction<CircuitBuilder, Word[], Word> f) {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        b.evaluatorOutput(f.apply(b, new Word[] {x, y}));
        return b.build();
    }

    private interface Ref {
        BigInteger apply(BigInteger x, BigInteger y, int n);
    }

    private static void check(String what, int n, Circuit c, long ands, Ref ref) throws IOException {
        assertEquals(ands, c.nonLinearCount(), what + " ANDs for n = " + n);
        Random rnd = new Random(n * 31L + what.hashCode());
        for (int r = 0; r < RUNS; r++) {
            BigInteger x = new BigInteger(n, rnd);
            BigInteger y = new BigInteger(n, rnd);
            if (r == 0) {
                x = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE);
                y = x;
            } else if (r == 1) {
                y = x;
            }
            boolean[] out = Simulator.run(c, bits(x, n), bits(y, n)).evaluatorOutputs();
            assertEquals(ref.apply(x, y, n), value(out), what + "(" + x + ", " + y + ") n = " + n);
        }
    }

    private static BigInteger mask(BigInteger v, int n) {
        return v.and(BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE));
    }

    private static BigInteger signed(BigInteger v, int n) {
        return v.testBit(n - 1) ? v.subtract(BigInteger.ONE.shiftLeft(n)) : v;
    }

    private static BigInteger bit(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }

    @Test
    void addModulo() throws IOException {
        for (int n : WIDTHS) {
            check("add", n, binary(n, (b, w) -> Arithmetic.add(b, w[0], w[1])), n - 1,
                    (x, y, m) -> mask(x.add(y), m));
        }
    }

    @Test
    void addWithCarry() throws IOException {
        for (int n : WIDTHS) {
            check("addWithCarry", n, binary(n, (b, w) -> Arithmetic.addWithCarry(b, w[0], w[1])), n,
                    (x, y, m) -> x.add(y));
        }
    }

    @Test
    void subtract() throws IOException {
        for (int n : WIDTHS) {
            check("sub", n, binary(n, (b, w) -> Arithmetic.sub(b, w[0], w[1])), n - 1,
                    (x, y, m) -> mask(x.subtract(y), m));
        }
    }

    @Test
    void negate() throws IOException {
        for (int n : WIDTHS) {
            check("negate", n, binary(n, (b, w) -> Arithmetic.negate(b, w[0])), Math.max(0, n - 2),
                    (x, y, m) -> mask(x.negate(), m));
        }
    }

    @Test
    void lessThanUnsigned() throws IOException {
        for (int n : WIDTHS) {
            check("lessThan", n, binary(n, (b, w) -> Word.of(Arithmetic.lessThan(b, w[0], w[1]))), n,
                    (x, y, m) -> bit(x.compareTo(y) < 0));
        }
    }

    @Test
    void lessThanSigned() throws IOException {
        for (int n : WIDTHS) {
            check("lessThanSigned", n, binary(n, (b, w) -> Word.of(Arithmetic.lessThanSigned(b, w[0], w[1]))), n,
                    (x, y, m) -> bit(signed(x, m).compareTo(signed(y, m)) < 0));
        }
    }

    @Test
    void equality() throws IOException {
        for (int n : WIDTHS) {
            check("equal", n, binary(n, (b, w) -> Word.of(Arithmetic.equal(b, w[0], w[1]))), n - 1,
                    (x, y, m) -> bit(x.equals(y)));
        }
    }

    @Test
    void isZero() throws IOException {
        for (int n : WIDTHS) {
            check("isZero", n, binary(n, (b, w) -> Word.of(Arithmetic.isZero(b, w[1]))), n - 1,
                    (x, y, m) -> bit(y.signum() == 0));
        }
    }

    @Test
    void multiplyModulo() throws IOException {
        for (int n : WIDTHS) {
            check("mul", n, binary(n, (b, w) -> Arithmetic.mul(b, w[0], w[1])), (long) n * n - n + 1,
                    (x, y, m) -> mask(x.multiply(y), m));
        }
    }

    @Test
    void multiplyFull() throws IOException {
        for (int n : WIDTHS) {
            check("mulFull", n, binary(n, (b, w) -> Arithmetic.mulFull(b, w[0], w[1])), 2L * n * n - n,
                    (x, y, m) -> x.multiply(y));
        }
    }

    @Test
    void multiplyFullSigned() throws IOException {
        for (int n : WIDTHS) {
            check("mulFullSigned", n, binary(n, (b, w) -> Arithmetic.mulFullSigned(b, w[0], w[1])), 2L * n * n - n,
                    (x, y, m) -> mask(signed(x, m).multiply(signed(y, m)), 2 * m));
        }
    }

    @Test
    void popcount() throws IOException {
        for (int n : WIDTHS) {
            check("popcount", n, binary(n, (b, w) -> Arithmetic.popcount(b, w[0])), n - Integer.bitCount(n),
                    (x, y, m) -> BigInteger.valueOf(x.bitCount()));
        }
    }

    @Test
    void mux() throws IOException {
        for (int n : WIDTHS) {
            // s = bit 0 of y selects x (s = 0) or y with its bit 0 (s = 1).
            check("mux", n, binary(n, (b, w) -> b.mux(w[1].bit(0), w[0], w[1])), n - 1 + 1,
                    (x, y, m) -> y.testBit(0) ? y : x);
        }
    }

    @Test
    void addsOfConstantsFoldAway() {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(8);
        b.evaluatorOutput(Arithmetic.add(b, x, b.constant(0, 8)));
        assertEquals(0, b.build().nonLinearCount());
    }
}
