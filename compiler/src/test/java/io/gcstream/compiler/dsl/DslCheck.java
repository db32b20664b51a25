package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;

/**
 * Test helper: a DSL operation on a creator input x and an evaluator input y, built, run in the
 * simulator on edge and random values, decoded through its {@link Output} and compared with
 * plain Java {@link BigInteger} arithmetic; the AND count is asserted too.
 */
final class DslCheck {
    /** The widths every operation is checked at: small, odd, a byte, a long, and wider than a long. */
    static final int[] WIDTHS = {1, 2, 3, 8, 17, 64, 100};
    private static final int RANDOM = 12;

    private DslCheck() {
    }

    /**
     * Checks {@code op(x, y)} against {@code ref(x, y)}, the Java value reduced to the output's
     * type (mod 2^n, signed or not; a Bit is 0 or 1); {@code ands} null skips the count.
     */
    static <A extends Value, B extends Value> void check(String what, Type<A> ta, Type<B> tb, Long ands,
            BiFunction<A, B, Value> op, BinaryOperator<BigInteger> ref) throws IOException {
        Computation c = new Computation();
        A x = c.creator().input(ta);
        B y = c.evaluator().input(tb);
        Value r = op.apply(x, y);
        Output out = c.evaluator().output(r);
        Circuit circuit = c.build();
        String name = what + " on " + ta + ", " + tb;
        if (ands != null) {
            assertEquals(ands.longValue(), circuit.nonLinearCount(), name + ": ANDs");
        }
        Random rnd = new Random(name.hashCode());
        List<BigInteger> xs = samples(ta, rnd);
        List<BigInteger> ys = samples(tb, rnd);
        List<BigInteger[]> pairs = new ArrayList<>();
        for (int i = 0; i < xs.size() - RANDOM; i++) {
            for (int j = 0; j < ys.size() - RANDOM; j++) {
                pairs.add(new BigInteger[] {xs.get(i), ys.get(j)});
            }
        }
        for (int i = 0; i < RANDOM; i++) {
            pairs.add(new BigInteger[] {xs.get(xs.size() - 1 - i), ys.get(ys.size() - 1 - i)});
        }
        for (BigInteger[] p : pairs) {
            Simulator.Result res = Simulator.run(circuit, encode(c.creator(), x, p[0]), encode(c.evaluator(), y, p[1]));
            BigInteger expected = reduce(out.type(), ref.apply(p[0], p[1]));
            assertEquals(expected, decode(out, res.evaluatorOutputs()), name + " (" + p[0] + ", " + p[1] + ")");
        }
    }

    /** As {@link #check(String, Type, Type, Long, BiFunction, BinaryOperator)} with both operands of one type. */
    static <T extends Value> void check(String what, Type<T> t, Long ands, BiFunction<T, T, Value> op,
            BinaryOperator<BigInteger> ref) throws IOException {
        check(what, t, t, ands, op, ref);
    }

    static boolean[] encode(PartySide side, Value v, BigInteger value) {
        Encoder e = side.encoder();
        if (v instanceof Bit b) {
            e.set(b, value.testBit(0));
        } else {
            e.set((IntValue<?>) v, value);
        }
        return e.encode();
    }

    static BigInteger decode(Output out, boolean[] outputs) {
        return out.type().equals(Type.bit()) ? bool(out.decodeBoolean(outputs)) : out.decodeBigInteger(outputs);
    }

    /** Edge values first (distinct), then {@value #RANDOM} random ones, all of the type's range. */
    static List<BigInteger> samples(Type<?> t, Random rnd) {
        int n = t.width();
        boolean signed = t.equals(Type.sint(n));
        BigInteger two = BigInteger.ONE.shiftLeft(n);
        Set<BigInteger> edges = new LinkedHashSet<>();
        if (signed) {
            BigInteger half = BigInteger.ONE.shiftLeft(n - 1);
            edges.add(BigInteger.ZERO);
            edges.add(half.negate());
            edges.add(half.subtract(BigInteger.ONE));
            edges.add(BigInteger.ONE.negate());
            edges.add(reduce(t, BigInteger.ONE));
        } else {
            edges.add(BigInteger.ZERO);
            edges.add(two.subtract(BigInteger.ONE));
            edges.add(BigInteger.ONE.shiftLeft(n - 1));
            edges.add(reduce(t, BigInteger.ONE));
        }
        List<BigInteger> r = new ArrayList<>(edges);
        for (int i = 0; i < RANDOM; i++) {
            r.add(reduce(t, new BigInteger(n, rnd)));
        }
        return r;
    }

    /** v mod 2^n, as a signed value for a signed type; 0 or 1 for a bit. */
    static BigInteger reduce(Type<?> t, BigInteger v) {
        int n = t.width();
        BigInteger m = v.mod(BigInteger.ONE.shiftLeft(n));
        if (t.equals(Type.sint(n)) && m.testBit(n - 1)) {
            m = m.subtract(BigInteger.ONE.shiftLeft(n));
        }
        return m;
    }

    static BigInteger bool(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }

    /** Bit length of n − 1: the multiplexer layers of a secret shift of n bits. */
    static int layers(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
