package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SubCircuitTest {
    /** A call is checked against the parameter types where Java's types cannot: width and signedness. */
    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void callsAreCheckedAgainstTheParameterTypes() {
        Computation c = new Computation();
        BiFunction<UInt, UInt, UInt> min = c.define("min20", Type.uint(20), Type.uint(20), UInt::min);
        UInt a = c.creator().uint(20);
        SInt s = c.creator().sint(20);
        UInt wide = c.creator().uint(21);
        assertEquals(Type.uint(20), min.apply(a, a).type());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ((BiFunction) min).apply(a, s));
        assertEquals("min20 takes (UInt 20, UInt 20), called with (UInt 20, SInt 20)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> min.apply(a, wide));
        assertEquals("min20 takes (UInt 20, UInt 20), called with (UInt 20, UInt 21)", e.getMessage());
        assertThrows(NullPointerException.class, () -> min.apply(a, null));
    }

    @Test
    void aSubCircuitBelongsToItsComputation() {
        Computation c = new Computation();
        Function<UInt, UInt> inc = c.define("inc", Type.uint(4), x -> x.add(1));
        Computation other = new Computation();
        UInt x = other.creator().uint(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> inc.apply(x));
        assertTrue(e.getMessage().contains("another Computation"), e.getMessage());
    }

    /**
     * A name the circuit formats refuse is refused where it is given, before the body runs, not
     * at the first run (where the circuit's hash is computed); the longest valid name works.
     */
    @Test
    void namesTheFormatsRefuseAreRefusedAtDefine() {
        Computation c = new Computation();
        c.define("twice", Type.uint(4), x -> x.add(1));
        String rule = "is not an identifier of at most 255 bytes (letters, digits, '_' and '.', not starting with a digit)";
        String[][] cases = {
            {"", "sub-circuit name '' " + rule},
            {"a b", "sub-circuit name 'a b' " + rule},
            {"1st", "sub-circuit name '1st' " + rule},
            {"x".repeat(256), "sub-circuit name '" + "x".repeat(256) + "' " + rule},
            {"twice", "sub-circuit name 'twice' is already defined: the sub-circuits of a circuit have distinct names"},
        };
        for (String[] k : cases) {
            boolean[] ran = {false};
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> c.define(k[0], Type.uint(4), x -> {
                        ran[0] = true;
                        return x.add(1);
                    }), k[0]);
            assertEquals(k[1], e.getMessage());
            assertFalse(ran[0], "the body of '" + k[0] + "' ran");
        }
        Function<UInt, UInt> longest = c.define("x".repeat(255), Type.uint(4), x -> x.add(2));
        UInt a = c.creator().uint(4);
        c.evaluator().output(longest.apply(c.define("twice.", Type.uint(4), x -> x.add(1)).apply(a)));
        assertEquals(32, c.build().hash().length, "a circuit with these names hashes");
    }
}
