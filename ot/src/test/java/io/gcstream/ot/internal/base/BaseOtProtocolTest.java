package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.crypto.Prg;
import org.junit.jupiter.api.Test;

class BaseOtProtocolTest {
    @Test
    void namesParseAndCreateTheirProtocol() {
        assertEquals(BaseOtProtocol.CHOU_ORLANDI, BaseOtProtocol.parse("Chou-Orlandi"));
        assertTrue(BaseOtProtocol.CHOU_ORLANDI.create(1, Prg.fromSecureRandom())
                instanceof ChouOrlandi);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BaseOtProtocol.parse("simplest"));
        assertEquals("unknown base OT 'simplest' (expected chou-orlandi)", e.getMessage());
        BaseOtProtocol.CHOU_ORLANDI.prepare();   // idempotent, returns at once
    }

    /**
     * Naor–Pinkas (variable time, branching on the choice bits, no domain separation) cannot be
     * chosen any more: Chou–Orlandi is the only base OT (issue 26, finding 9).
     */
    @Test
    void naorPinkasIsGone() {
        assertArrayEquals(new BaseOtProtocol[] {BaseOtProtocol.CHOU_ORLANDI}, BaseOtProtocol.values());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BaseOtProtocol.parse("naor-pinkas"));
        assertEquals("unknown base OT 'naor-pinkas' (expected chou-orlandi)", e.getMessage());
    }
}
