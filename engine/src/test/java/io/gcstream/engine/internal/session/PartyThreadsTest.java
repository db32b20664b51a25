package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.ChannelOptions;
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

    /**
     * Runs computed beside each other gain from a second thread (whole runs a thread): an
     * automatic count gives them every thread, and from 2 a session computes them so, whatever
     * its gate loop's count.
     */
    @Test
    void anAutomaticCountOfTwoOrMoreComputesRunsBesideEachOther() {
        assertEquals(1, PartyThreads.runs(0, 1));
        assertEquals(2, PartyThreads.runs(0, 2));
        assertEquals(3, PartyThreads.runs(0, 3));
        assertEquals(1, PartyThreads.runs(1, 1));
        io.gcstream.ot.channel.Channel[] ch = io.gcstream.ot.channel.MemoryChannel.pair(ChannelOptions.defaults());
        CreatorProtocol p = new CreatorProtocol(ch[0], io.gcstream.ot.internal.crypto.Prg.fromSecureRandom(),
                io.gcstream.engine.Scheme.HALF_GATES, 2);
        p.gateLoopThreads(PartyThreads.gateLoop(0, 2));
        p.runThreads(PartyThreads.runs(0, 2));
        assertTrue(p.parallelRuns(), "runs beside each other on 2 automatic threads");
        p.runThreads(1);
        assertFalse(p.parallelRuns());
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
