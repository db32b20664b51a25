package io.gcstream.compiler.dsl;

import static io.gcstream.compiler.dsl.DslCheck.WIDTHS;
import static io.gcstream.compiler.dsl.DslCheck.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The unsigned-only operations against BigInteger arithmetic, with their AND counts. */
class UIntTest {
    @Test
    void widerResults() throws IOException {
        for (int n : WIDTHS) {
            Type<UInt> t = Type.uint(n);
            check("addWithCarry", t, (long) n, UInt::addWithCarry, BigInteger::add);
            check("mulFull", t, 2L * n * n - n, UInt::mulFull, BigInteger::multiply);
        }
    }

    @Test
    void bitsSlicesAndReinterpretation() throws IOException {
        for (int n : WIDTHS) {
            Type<UInt> t = Type.uint(n);
            int from = n / 3;
            int to = Math.max(from + 1, 2 * n / 3);
            check("slice", t, 0L, (x, y) -> x.slice(from, to),
                    (x, y) -> x.shiftRight(from).mod(BigInteger.ONE.shiftLeft(to - from)));
            check("concat", t, 0L, UInt::concat, (x, y) -> x.or(y.shiftLeft(n)));
            check("asSigned", t, 0L, (x, y) -> x.asSigned(), (x, y) -> x);
            check("of(bits)", t, 0L, (x, y) -> UInt.of(x.bits()), (x, y) -> x);
        }
    }

    @Test
    void selectFromAnArrayBySecretIndex() throws IOException {
        Random rnd = new Random(4);
        // values count, index bits, value bits
        int[][] shapes = {{1, 1, 8}, {2, 1, 8}, {4, 2, 8}, {5, 3, 8}, {8, 3, 17}, {3, 5, 4}, {16, 4, 1}};
        for (int[] s : shapes) {
            int m = s[0];
            int k = s[1];
            int w = s[2];
            Computation c = new Computation();
            UInt[] values = c.creator().uints(m, w);
            UInt index = c.evaluator().uint(k);
            Output out = c.evaluator().output(index.selectFrom(values));
            Circuit circuit = c.build();
            assertEquals(selectAnds(m, k, w), circuit.nonLinearCount(), m + " values, " + k + "-bit index");
            long[] v = new long[m];
            for (int i = 0; i < m; i++) {
                v[i] = rnd.nextLong() & ((1L << w) - 1);
            }
            boolean[] x = c.creator().encoder().set(values, v).encode();
            for (int i = 0; i < 1 << k; i++) {
                boolean[] o = Simulator.run(circuit, x, c.evaluator().encode(index, i)).evaluatorOutputs();
                assertEquals(i < m ? v[i] : 0, out.decodeLong(o), "index " + i + " of " + m);
            }
        }
    }

    /** w ANDs per multiplexer: each level halves (rounding up), then a mask if index bits remain. */
    private static long selectAnds(int m, int k, int w) {
        long muxes = 0;
        int size = m;
        int bit = 0;
        for (; size > 1 && bit < k; bit++) {
            size = (size + 1) / 2;
            muxes += size;
        }
        return w * muxes + (bit < k ? k - bit - 1 + w : 0);
    }

    @Test
    void selectFromRefusesMoreValuesThanTheIndexReaches() {
        Computation c = new Computation();
        UInt[] values = c.creator().uints(5, 8);
        UInt index = c.evaluator().uint(2);
        assertThrows(IllegalArgumentException.class, () -> index.selectFrom(values));
        assertThrows(IllegalArgumentException.class, () -> index.selectFrom(new UInt[0]));
        assertThrows(IllegalArgumentException.class,
                () -> index.selectFrom(new Value[] {values[0], c.creator().sint(8)}));
    }

    @Test
    void sliceAndOfCheckTheirArguments() {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        assertThrows(IllegalArgumentException.class, () -> x.slice(3, 3));
        assertThrows(IllegalArgumentException.class, () -> x.slice(-1, 3));
        assertThrows(IllegalArgumentException.class, () -> x.slice(0, 9));
        assertThrows(IllegalArgumentException.class, UInt::of);
        assertThrows(IllegalArgumentException.class, () -> x.mulFull(c.creator().uint(7)));
    }
}
