package io.gcstream.compiler.dsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    void aValueHasTheTypeOfItsKindAndWidth() {
        Computation c = new Computation();
        UInt x = c.creator().uint(8);
        assertEquals(Type.uint(8), x.type());
        assertNotEquals(Type.sint(8), x.type());
        assertNotEquals(Type.uint(7), x.type());
        assertEquals(Type.bit(), x.bit(0).type());
        assertEquals("UInt 8", x.toString());
        assertEquals("SInt 4 constant", c.sint(-2, 4).toString());
    }
}
