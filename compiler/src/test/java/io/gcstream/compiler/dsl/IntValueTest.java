package io.gcstream.compiler.dsl;

import static io.gcstream.compiler.dsl.DslCheck.WIDTHS;
import static io.gcstream.compiler.dsl.DslCheck.bool;
import static io.gcstream.compiler.dsl.DslCheck.layers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * The operations common to {@link UInt} and {@link SInt}, each against plain Java arithmetic
 * on edge and random values, at widths 1, 2, 3, 8, 17, 64 and 100, with their AND counts.
 */
class IntValueTest {
    private interface Group {
        <T extends IntValue<T>> void check(Type<T> t) throws IOException;
    }

    /** Runs a group of checks on the unsigned and the signed type of every width. */
    private static void forBothKinds(Group g) throws IOException {
        for (int n : WIDTHS) {
            g.check(Type.uint(n));
            g.check(Type.sint(n));
        }
    }

    private static boolean signed(Type<?> t) {
        return t.equals(Type.sint(t.width()));
    }

    /** The unsigned bit pattern of a value of type t. */
    private static BigInteger pattern(Type<?> t, BigInteger v) {
        return v.mod(BigInteger.ONE.shiftLeft(t.width()));
    }

    @Test
    void arithmetic() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                long n = t.width();
                DslCheck.check("add", t, n - 1, (x, y) -> x.add(y), BigInteger::add);
                DslCheck.check("sub", t, n - 1, (x, y) -> x.sub(y), BigInteger::subtract);
                DslCheck.check("mul", t, n * n - n + 1, (x, y) -> x.mul(y), BigInteger::multiply);
                DslCheck.check("negate", t, Math.max(0, n - 2), (x, y) -> x.negate(), (x, y) -> x.negate());
            }
        });
    }

    @Test
    void bitwise() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                int n = t.width();
                DslCheck.check("and", t, (long) n, (x, y) -> x.and(y), BigInteger::and);
                DslCheck.check("or", t, (long) n, (x, y) -> x.or(y), BigInteger::or);
                DslCheck.check("xor", t, 0L, (x, y) -> x.xor(y), BigInteger::xor);
                DslCheck.check("not", t, 0L, (x, y) -> x.not(), (x, y) -> x.not());
                DslCheck.check("bitCount", t, (long) n - Integer.bitCount(n), (x, y) -> x.bitCount(),
                        (x, y) -> BigInteger.valueOf(pattern(t, x).bitCount()));
                DslCheck.check("bit(top)", t, 0L, (x, y) -> x.bit(n - 1), (x, y) -> bool(pattern(t, x).testBit(n - 1)));
            }
        });
    }

    @Test
    void comparisons() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                long n = t.width();
                DslCheck.check("equalTo", t, n - 1, (x, y) -> x.equalTo(y), (x, y) -> bool(x.equals(y)));
                DslCheck.check("equalTo.not", t, n - 1, (x, y) -> x.equalTo(y).not(), (x, y) -> bool(!x.equals(y)));
                DslCheck.check("lessThan", t, n, (x, y) -> x.lessThan(y), (x, y) -> bool(x.compareTo(y) < 0));
                DslCheck.check("lessOrEqual", t, n, (x, y) -> x.lessOrEqual(y), (x, y) -> bool(x.compareTo(y) <= 0));
                DslCheck.check("greaterThan", t, n, (x, y) -> x.greaterThan(y), (x, y) -> bool(x.compareTo(y) > 0));
                DslCheck.check("greaterOrEqual", t, n, (x, y) -> x.greaterOrEqual(y),
                        (x, y) -> bool(x.compareTo(y) >= 0));
                DslCheck.check("min", t, 2 * n, (x, y) -> x.min(y), BigInteger::min);
                DslCheck.check("max", t, 2 * n, (x, y) -> x.max(y), BigInteger::max);
                for (boolean tie : new boolean[] {false, true}) {
                    DslCheck.check("greaterThan(y, " + tie + ")", t, n,
                            (x, y) -> x.greaterThan(y, x.computation.bit(tie)),
                            (x, y) -> bool(x.compareTo(y) > 0 || (tie && x.equals(y))));
                    DslCheck.check("y.greaterThan(x, " + tie + ")", t, n, (x, y) -> y.greaterThan(x, x.computation.bit(tie)),
                            (x, y) -> bool(x.compareTo(y) < 0 || (tie && x.equals(y))));
                }
            }
        });
    }

    @Test
    void greaterThanWithATieBreakChainsPieces() throws IOException {
        // a 16-bit comparison from two 8-bit pieces, the low one's result carried into the high one
        Computation c = new Computation();
        UInt x = c.creator().uint(16);
        UInt y = c.evaluator().uint(16);
        Bit low = x.slice(0, 8).greaterThan(y.slice(0, 8));
        Output gt = c.evaluator().output(x.slice(8, 16).greaterThan(y.slice(8, 16), low));
        Circuit circuit = c.build();
        assertEquals(16, circuit.nonLinearCount());
        for (int[] v : new int[][] {{0x1234, 0x1233}, {0x1233, 0x1234}, {0x1234, 0x1234}, {0x0100, 0x00ff}}) {
            boolean[] out = Simulator.run(circuit, c.creator().encode(x, v[0]), c.evaluator().encode(y, v[1]))
                    .evaluatorOutputs();
            assertEquals(v[0] > v[1], gt.decodeBoolean(out), v[0] + " > " + v[1]);
        }
    }

    @Test
    void shiftsAndRotationsByConstantsAreFree() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                int n = t.width();
                for (int k : new int[] {0, 1, n - 1, n, n + 5}) {
                    DslCheck.check("shiftLeft " + k, t, 0L, (x, y) -> x.shiftLeft(k), (x, y) -> x.shiftLeft(k));
                    // BigInteger's shiftRight copies the sign of a negative value, as SInt does
                    DslCheck.check("shiftRight " + k, t, 0L, (x, y) -> x.shiftRight(k), (x, y) -> x.shiftRight(k));
                }
                for (int k : new int[] {0, 1, n - 1, n + 1, -3}) {
                    DslCheck.check("rotateLeft " + k, t, 0L, (x, y) -> x.rotateLeft(k),
                            (x, y) -> rotl(pattern(t, x), Math.floorMod(k, n), n));
                }
            }
        });
    }

    private static BigInteger rotl(BigInteger u, int s, int n) {
        return u.shiftLeft(s).or(u.shiftRight(n - s)).mod(BigInteger.ONE.shiftLeft(n));
    }

    @Test
    void shiftsByASecretAmount() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                int n = t.width();
                int layers = layers(n);
                for (int k : new int[] {Math.max(1, layers), layers + 2}) {
                    long unsignedAnds = (long) n * Math.min(k, layers) + (k > layers ? k - layers - 1 + n : 0);
                    // a signed right shift keeps the sign bit where it is: one multiplexer less per layer
                    long signedRightAnds = n == 1 ? 0
                            : (long) (n - 1) * Math.min(k, layers) + (k > layers ? k - layers - 1 + n - 1 : 0);
                    DslCheck.check("shiftLeft(secret)", t, Type.uint(k), unsignedAnds, (x, a) -> x.shiftLeft(a),
                            (x, a) -> x.shiftLeft(a.intValueExact()));
                    DslCheck.check("shiftRight(secret)", t, Type.uint(k), signed(t) ? signedRightAnds : unsignedAnds,
                            (x, a) -> x.shiftRight(a), (x, a) -> x.shiftRight(a.intValueExact()));
                }
            }
        });
    }

    @Test
    void extendAndTruncateKeepTheValue() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                int n = t.width();
                for (int w : new int[] {n, n + 1, n + 40}) {
                    DslCheck.check("extend " + w, t, 0L, (x, y) -> x.extend(w), (x, y) -> x);
                }
                for (int w : new int[] {1, (n + 1) / 2, n}) {
                    DslCheck.check("truncate " + w, t, 0L, (x, y) -> x.truncate(w), (x, y) -> x);
                }
            }
        });
    }

    @Test
    void constantOperandsOfTheValuesType() throws IOException {
        forBothKinds(new Group() {
            @Override
            public <T extends IntValue<T>> void check(Type<T> t) throws IOException {
                int n = t.width();
                long v = signed(t) ? (n >= 3 ? 3 : -1) : (n >= 2 ? 3 : 1);
                BigInteger bv = BigInteger.valueOf(v);
                DslCheck.check("add " + v, t, null, (x, y) -> x.add(v), (x, y) -> x.add(bv));
                DslCheck.check("sub " + v, t, null, (x, y) -> x.sub(v), (x, y) -> x.subtract(bv));
                DslCheck.check("mul " + v, t, null, (x, y) -> x.mul(v), (x, y) -> x.multiply(bv));
                DslCheck.check("equalTo " + v, t, (long) n - 1, (x, y) -> x.equalTo(v), (x, y) -> bool(x.equals(bv)));
                DslCheck.check("lessThan " + v, t, null, (x, y) -> x.lessThan(v), (x, y) -> bool(x.compareTo(bv) < 0));
                DslCheck.check("lessOrEqual " + v, t, null, (x, y) -> x.lessOrEqual(v),
                        (x, y) -> bool(x.compareTo(bv) <= 0));
                DslCheck.check("greaterThan " + v, t, null, (x, y) -> x.greaterThan(v),
                        (x, y) -> bool(x.compareTo(bv) > 0));
                DslCheck.check("greaterOrEqual " + v, t, null, (x, y) -> x.greaterOrEqual(v),
                        (x, y) -> bool(x.compareTo(bv) >= 0));
            }
        });
    }

    @Test
    void aConstantMustFitTheType() {
        Computation c = new Computation();
        UInt u = c.creator().uint(8);
        SInt s = c.creator().sint(8);
        assertThrows(IllegalArgumentException.class, () -> u.add(256));
        assertThrows(IllegalArgumentException.class, () -> u.add(-1));
        assertThrows(IllegalArgumentException.class, () -> s.add(128));
        assertThrows(IllegalArgumentException.class, () -> s.add(-129));
        s.add(-128);
        u.add(255);
        UInt u64 = c.creator().uint(64);
        u64.add(-1L); // 2^64 - 1, Java's unsigned-long convention
    }

    @Test
    void operandsMustHaveTheSameTypeAndWidth() {
        Computation c = new Computation();
        UInt a = c.creator().uint(8);
        UInt b = c.creator().uint(9);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.add(b));
        assertTrue(e.getMessage().contains("UInt 8 and UInt 9"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.extend(7));
        assertThrows(IllegalArgumentException.class, () -> a.truncate(0));
        assertThrows(IllegalArgumentException.class, () -> a.truncate(9));
        assertThrows(IllegalArgumentException.class, () -> a.shiftLeft(-1));
        assertThrows(IllegalArgumentException.class, () -> a.bit(8));
    }
}
