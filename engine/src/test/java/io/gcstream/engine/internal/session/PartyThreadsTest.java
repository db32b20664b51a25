package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PartyThreadsTest {
    @Test
    void anExplicitCountIsTheGateLoopsToo() {
        assertEquals(2, PartyThreads.gateLoop(2, 2));
        assertEquals(1, PartyThreads.gateLoop(1, 1));
        assertEquals(8, PartyThreads.gateLoop(8, 8));
    }

    @Test
    void anAutomaticCountGivesTheGateLoopOneThreadBelowTheMinimum() {
        // On 2 cores a gate loop of 2 threads measured slower than one; the OT extension keeps both.
        for (int resolved = 1; resolved < PartyThreads.MIN_AUTO_LOOP_THREADS; resolved++) {
            assertEquals(1, PartyThreads.gateLoop(0, resolved), "automatic, " + resolved + " threads");
        }
        assertEquals(PartyThreads.MIN_AUTO_LOOP_THREADS, PartyThreads.gateLoop(0, PartyThreads.MIN_AUTO_LOOP_THREADS));
        assertEquals(16, PartyThreads.gateLoop(0, 16));
    }

    @Test
    void aPeerOnThisMachineIsRecognisedWithoutNameLookups() {
        assertTrue(PartyThreads.sameMachine("memory:pair-1"));
        assertTrue(PartyThreads.sameMachine("127.0.0.1:4000"));
        assertTrue(PartyThreads.sameMachine("[::1]:4000"));
        assertFalse(PartyThreads.sameMachine("192.0.2.7:4000"));
        assertFalse(PartyThreads.sameMachine("localhost:4000"), "a name is not looked up");
        assertFalse(PartyThreads.sameMachine(null));
    }

    @Test
    void anExplicitCountIsTakenAsItIs() {
        assertEquals(3, PartyThreads.resolve(3, null, 64));
    }
}
