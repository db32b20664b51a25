package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.engine.internal.session.Protocol.InputOt;
import org.junit.jupiter.api.Test;

class ProtocolTest {
    /** Which OT a run's evaluator inputs take: the rule both parties derive from the header. */
    @Test
    void inputOtModes() {
        // No fresh evaluator bits: no OT, whatever else.
        assertEquals(InputOt.NONE, InputOt.of(false, 0, 0));
        assertEquals(InputOt.NONE, InputOt.of(true, 5, 0));
        // The first run, up to 128 bits, without an extension: direct base OTs.
        assertEquals(InputOt.DIRECT, InputOt.of(false, 0, 1));
        assertEquals(InputOt.DIRECT, InputOt.of(false, 0, DirectCot.MAX_BITS));
        // More bits, or a later run: the extension, set up first if it is not yet.
        assertEquals(InputOt.SETUP_THEN_EXTENSION, InputOt.of(false, 0, DirectCot.MAX_BITS + 1));
        assertEquals(InputOt.SETUP_THEN_EXTENSION, InputOt.of(false, 1, 1));
        assertEquals(InputOt.EXTENSION, InputOt.of(true, 1, 1));
        assertEquals(InputOt.EXTENSION, InputOt.of(true, 0, 1_000_000));
    }
}
