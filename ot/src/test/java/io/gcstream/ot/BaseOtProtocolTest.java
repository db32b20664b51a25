package io.gcstream.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.base.ChouOrlandi;
import io.gcstream.ot.internal.base.NaorPinkas;
import io.gcstream.ot.internal.crypto.Prg;
import org.junit.jupiter.api.Test;

class BaseOtProtocolTest {
    @Test
    void namesParseAndCreateTheirProtocol() {
        assertEquals(BaseOtProtocol.CHOU_ORLANDI, BaseOtProtocol.parse("chou-orlandi"));
        assertEquals(BaseOtProtocol.NAOR_PINKAS, BaseOtProtocol.parse("Naor-Pinkas"));
        assertTrue(BaseOtProtocol.CHOU_ORLANDI.create(1, Prg.fromSecureRandom())
                instanceof ChouOrlandi);
        assertTrue(BaseOtProtocol.NAOR_PINKAS.create(1, Prg.fromSecureRandom())
                instanceof NaorPinkas);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BaseOtProtocol.parse("simplest"));
        assertEquals("unknown base OT 'simplest' (expected chou-orlandi or naor-pinkas)",
                e.getMessage());
        BaseOtProtocol.CHOU_ORLANDI.prepare();   // idempotent, returns at once
        BaseOtProtocol.NAOR_PINKAS.prepare();
    }
}
