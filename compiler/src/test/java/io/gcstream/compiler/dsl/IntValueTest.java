package io.gcstream.compiler.dsl;

import static io.gcstream.compiler.dsl.DslCheck.WIDTHS;
import static io.gcstream.compiler.dsl.DslCheck.bool;
import static io.gcstream.compiler.dsl.DslCheck.check;
import static io.gcstream.compiler.dsl.DslCheck.layers;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The operations common to {@link UInt} and {@link SInt}, each against plain Java arithmetic
 * on edge and random values, at widths 1, 2, 3, 8, 17, 64 and 100, with their AND counts.
 */
class IntValueTest {
    /** Both kinds of every width. */
    private static List<Type<? extends IntValue<?>>> types(int n) {
        return List.of(Type.uint(n), Type.sint(n));
    }

    private static boolean signed(Type<?> t) {
        return t.equals(Type.sint(t.width()));
    }

    /** The unsigned bit pattern of a value of type t. */
    private static BigInteger pattern(Type<?> t, BigInteger v) {
        return v.mod(BigInteger.ONE.shiftLeft(t.width()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void both(int n, Op op) throws IOException {
        for (Type t : types(n)) {
            op.run(t, n);
        }
    }

    private interface Op {
        @SuppressWarnings("rawtypes")
        void run(Type t, int n) throws IOException;
    }

    @Test
    @SuppressWarnings("unchecked")
    void arithmetic() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                check("add", t, (long) m - 1, (x, y) -> ((IntValue) x).add((IntValue) y), BigInteger::add);
                check("sub", t, (long) m - 1, (x, y) -> ((IntValue) x).sub((IntValue) y), BigInteger::subtract);
                check("mul", t, (long) m * m - m + 1, (x, y) -> ((IntValue) x).mul((IntValue) y), BigInteger::multiply);
                check("negate", t, (long) Math.max(0, m - 2), (x, y) -> ((IntValue) x).negate(), (x, y) -> x.negate());
            });
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void bitwise() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                check("and", t, (long) m, (x, y) -> ((IntValue) x).and((IntValue) y), BigInteger::and);
                check("or", t, (long) m, (x, y) -> ((IntValue) x).or((IntValue) y), BigInteger::or);
                check("xor", t, 0L, (x, y) -> ((IntValue) x).xor((IntValue) y), BigInteger::xor);
                check("not", t, 0L, (x, y) -> ((IntValue) x).not(), (x, y) -> x.not());
                check("bitCount", t, (long) m - Integer.bitCount(m), (x, y) -> ((IntValue) x).bitCount(),
                        (x, y) -> BigInteger.valueOf(pattern(t, x).bitCount()));
                check("bit(top)", t, 0L, (x, y) -> ((IntValue) x).bit(m - 1), (x, y) -> bool(pattern(t, x).testBit(m - 1)));
            });
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void comparisons() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                long nn = m;
                check("equalTo", t, nn - 1, (x, y) -> ((IntValue) x).equalTo((IntValue) y), (x, y) -> bool(x.equals(y)));
                check("notEqualTo", t, nn - 1, (x, y) -> ((IntValue) x).notEqualTo((IntValue) y),
                        (x, y) -> bool(!x.equals(y)));
                check("isZero", t, nn - 1, (x, y) -> ((IntValue) x).isZero(), (x, y) -> bool(x.signum() == 0));
                check("lessThan", t, nn, (x, y) -> ((IntValue) x).lessThan((IntValue) y), (x, y) -> bool(x.compareTo(y) < 0));
                check("lessOrEqual", t, nn, (x, y) -> ((IntValue) x).lessOrEqual((IntValue) y),
                        (x, y) -> bool(x.compareTo(y) <= 0));
                check("greaterThan", t, nn, (x, y) -> ((IntValue) x).greaterThan((IntValue) y),
                        (x, y) -> bool(x.compareTo(y) > 0));
                check("greaterOrEqual", t, nn, (x, y) -> ((IntValue) x).greaterOrEqual((IntValue) y),
                        (x, y) -> bool(x.compareTo(y) >= 0));
                check("min", t, 2 * nn, (x, y) -> ((IntValue) x).min((IntValue) y), BigInteger::min);
                check("max", t, 2 * nn, (x, y) -> ((IntValue) x).max((IntValue) y), BigInteger::max);
            });
        }
    }

    @Test
    void greaterThanWithATieBreakChainsPieces() throws IOException {
        for (int n : WIDTHS) {
            for (Type<? extends IntValue<?>> t : types(n)) {
                for (boolean tie : new boolean[] {false, true}) {
                    check("greaterThan(y, " + tie + ")", t, (long) n, (x, y) -> greaterWithTie(x, y, tie),
                            (x, y) -> bool(x.compareTo(y) > 0 || (tie && x.equals(y))));
                    check("lessThan(y, " + tie + ")", t, (long) n, (x, y) -> lessWithTie(x, y, tie),
                            (x, y) -> bool(x.compareTo(y) < 0 || (tie && x.equals(y))));
                }
            }
        }
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

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Value greaterWithTie(Object x, Object y, boolean tie) {
        IntValue a = (IntValue) x;
        return a.greaterThan((IntValue) y, a.computation().bit(tie));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Value lessWithTie(Object x, Object y, boolean tie) {
        IntValue a = (IntValue) x;
        return a.lessThan((IntValue) y, a.computation().bit(tie));
    }

    @Test
    @SuppressWarnings("unchecked")
    void shiftsAndRotationsByConstantsAreFree() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                for (int k : new int[] {0, 1, m - 1, m, m + 5}) {
                    check("shiftLeft " + k, t, 0L, (x, y) -> ((IntValue) x).shiftLeft(k), (x, y) -> x.shiftLeft(k));
                    // BigInteger's shiftRight copies the sign of a negative value, as SInt does
                    check("shiftRight " + k, t, 0L, (x, y) -> ((IntValue) x).shiftRight(k), (x, y) -> x.shiftRight(k));
                }
                for (int k : new int[] {0, 1, m - 1, m + 1, -3}) {
                    int s = Math.floorMod(k, m);
                    check("rotateLeft " + k, t, 0L, (x, y) -> ((IntValue) x).rotateLeft(k),
                            (x, y) -> rotl(pattern(t, x), s, m));
                    check("rotateRight " + k, t, 0L, (x, y) -> ((IntValue) x).rotateRight(k),
                            (x, y) -> rotl(pattern(t, x), Math.floorMod(-k, m), m));
                }
            });
        }
    }

    private static BigInteger rotl(BigInteger u, int s, int n) {
        return u.shiftLeft(s).or(u.shiftRight(n - s)).mod(BigInteger.ONE.shiftLeft(n));
    }

    @Test
    @SuppressWarnings("unchecked")
    void shiftsByASecretAmount() throws IOException {
        for (int n : WIDTHS) {
            int layers = layers(n);
            for (int k : new int[] {Math.max(1, layers), layers + 2}) {
                int kk = k;
                both(n, (t, m) -> {
                    long unsignedAnds = (long) m * Math.min(kk, layers) + (kk > layers ? kk - layers - 1 + m : 0);
                    long signedRightAnds = m == 1 ? 0
                            : (long) (m - 1) * Math.min(kk, layers) + (kk > layers ? kk - layers - 1 + m - 1 : 0);
                    check("shiftLeft(secret)", t, Type.uint(kk), unsignedAnds,
                            (x, a) -> ((IntValue) x).shiftLeft((UInt) a), (x, a) -> x.shiftLeft(a.intValueExact()));
                    check("shiftRight(secret)", t, Type.uint(kk), signed(t) ? signedRightAnds : unsignedAnds,
                            (x, a) -> ((IntValue) x).shiftRight((UInt) a), (x, a) -> x.shiftRight(a.intValueExact()));
                });
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void extendAndTruncateKeepTheValue() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                for (int w : new int[] {m, m + 1, m + 40}) {
                    check("extend " + w, t, 0L, (x, y) -> ((IntValue) x).extend(w), (x, y) -> x);
                }
                for (int w : new int[] {1, (m + 1) / 2, m}) {
                    check("truncate " + w, t, 0L, (x, y) -> ((IntValue) x).truncate(w), (x, y) -> x);
                }
            });
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void constantOperandsOfTheValuesType() throws IOException {
        for (int n : WIDTHS) {
            both(n, (t, m) -> {
                long v = signed(t) ? (m >= 3 ? 3 : -1) : (m >= 2 ? 3 : 1);
                BigInteger bv = BigInteger.valueOf(v);
                check("add " + v, t, null, (x, y) -> ((IntValue) x).add(v), (x, y) -> x.add(bv));
                check("sub " + v, t, null, (x, y) -> ((IntValue) x).sub(v), (x, y) -> x.subtract(bv));
                check("mul " + v, t, null, (x, y) -> ((IntValue) x).mul(v), (x, y) -> x.multiply(bv));
                check("equalTo " + v, t, (long) m - 1, (x, y) -> ((IntValue) x).equalTo(v), (x, y) -> bool(x.equals(bv)));
                check("notEqualTo " + v, t, null, (x, y) -> ((IntValue) x).notEqualTo(v), (x, y) -> bool(!x.equals(bv)));
                check("lessThan " + v, t, null, (x, y) -> ((IntValue) x).lessThan(v), (x, y) -> bool(x.compareTo(bv) < 0));
                check("lessOrEqual " + v, t, null, (x, y) -> ((IntValue) x).lessOrEqual(v),
                        (x, y) -> bool(x.compareTo(bv) <= 0));
                check("greaterThan " + v, t, null, (x, y) -> ((IntValue) x).greaterThan(v),
                        (x, y) -> bool(x.compareTo(bv) > 0));
                check("greaterOrEqual " + v, t, null, (x, y) -> ((IntValue) x).greaterOrEqual(v),
                        (x, y) -> bool(x.compareTo(bv) >= 0));
            });
        }
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
