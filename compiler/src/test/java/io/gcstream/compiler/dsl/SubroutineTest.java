package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SubroutineTest {
    @Test
    void callsAreCheckedAgainstTheParameterTypes() {
        Computation c = new Computation();
        Subroutine<UInt> min = c.define("min20", Type.uint(20), Type.uint(20), UInt::min);
        UInt a = c.creator().uint(20);
        SInt s = c.creator().sint(20);
        UInt wide = c.creator().uint(21);
        assertEquals(Type.uint(20), min.call(a, a).type());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> min.call(a, s));
        assertEquals("min20 takes (UInt 20, UInt 20), called with (UInt 20, SInt 20)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> min.call(a, wide));
        assertThrows(IllegalArgumentException.class, () -> min.call(a));
        assertThrows(IllegalArgumentException.class, () -> min.call(a, a, a));
        assertEquals("min20", min.name());
        assertEquals(List.of(Type.uint(20), Type.uint(20)), min.parameters());
        assertEquals(Type.uint(20), min.result());
    }

    @Test
    void aSubroutineBelongsToItsComputation() {
        Computation c = new Computation();
        Subroutine<UInt> inc = c.define("inc", Type.uint(4), x -> x.add(1));
        Computation other = new Computation();
        UInt x = other.creator().uint(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> inc.call(x));
        assertTrue(e.getMessage().contains("another Computation"), e.getMessage());
    }
}
