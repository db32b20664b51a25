package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TypeTest {
    @Test
    void typesAreValues() {
        assertEquals(Type.uint(8), Type.uint(8));
        assertEquals(Type.uint(8).hashCode(), Type.uint(8).hashCode());
        assertNotEquals(Type.uint(8), Type.sint(8));
        assertNotEquals(Type.uint(8), Type.uint(9));
        assertEquals("UInt 8", Type.uint(8).toString());
        assertEquals("SInt 3", Type.sint(3).toString());
        assertEquals("Bit", Type.bit().toString());
        assertEquals(1, Type.bit().width());
        assertThrows(IllegalArgumentException.class, () -> Type.uint(0));
        assertThrows(IllegalArgumentException.class, () -> Type.sint(-1));
    }

    @Test
    void isTypeOfMatchesKindAndWidth() {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        assertTrue(Type.uint(8).isTypeOf(x));
        assertFalse(Type.sint(8).isTypeOf(x));
        assertFalse(Type.uint(7).isTypeOf(x));
        assertTrue(Type.bit().isTypeOf(x.bit(0)));
        assertEquals("UInt 8", x.toString());
        assertEquals("SInt 4 constant", c.sint(-2, 4).toString());
    }
}
