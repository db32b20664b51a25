package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.Random;

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

    /**
     * A circuit that carries a schedule gains from a second thread, busy core or not (threads
     * claim its pieces): an automatic count below {@link PartyThreads#MIN_AUTO_LOOP_THREADS}
     * walks it with every thread, and any other circuit with one.
     */
    @Test
    void anAutomaticCountWalksAScheduledCircuitWithEveryThread() throws Exception {
        Random r = new Random(5);
        Circuit scheduled = RandomCircuits.scheduled(r, 40, 4);
        Circuit plain = RandomCircuits.generate(r, 4, 5, 3, 3, 200);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        for (Scheme scheme : new Scheme[] {Scheme.HALF_GATES, Scheme.THREE_HALVES}) {
            CreatorProtocol p = new CreatorProtocol(ch[0], Prg.fromSecureRandom(), scheme, 2);
            p.gateLoopThreads(PartyThreads.gateLoop(0, 2));
            p.planFor(scheduled);
            // Three-halves has control bits, which a team's pieces cannot write in place: gate by gate.
            assertEquals(scheme == Scheme.HALF_GATES ? 2 : 1, p.loopThreads(), scheme.toString());
            p.planFor(plain);
            assertEquals(1, p.loopThreads(), scheme.toString());
        }
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
