package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Kept values cannot be misused: wrong session, consumed, discarded. */
class GarbledValueTest {
    private static final SessionOptions O = SessionOptions.builder().seed(3).build();

    /** One run on a fresh pair that keeps all evaluator outputs; returns [creator's, evaluator's] values. */
    private static GarbledValue[] keepOne(Circuit c, GcSession cs, GcSession es) throws Exception {
        RunSpec spec = RunSpec.builder(c).keep(Party.EVALUATOR).build();
        List<Pairs.Result<RunResult>> r = Pairs.both(
                cs, s -> s.run(spec, new boolean[c.creatorInputCount()]),
                es, s -> s.run(RunSpec.builder(c).keep(Party.EVALUATOR).build(), new boolean[c.evaluatorInputCount()]));
        return new GarbledValue[] {r.get(0).get().kept().get(0), r.get(1).get().kept().get(0)};
    }

    @Test
    void aValueIsBoundToItsSessionAndGoneOnceUsedOrDiscarded() throws Exception {
        Circuit c = RandomCircuits.generate(new Random(8), 3, 3, 2, 4, 60);
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        GcSession cs = GcSession.creator(ch[0], O);
        GcSession es = GcSession.evaluator(ch[1], O);
        GarbledValue[] v = keepOne(c, cs, es);
        assertEquals(4, v[0].width());
        assertEquals(v[0].id(), v[1].id());
        assertTrue(v[0].isAvailable());

        MemoryChannel[] other = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        GcSession stranger = GcSession.creator(other[0], O);
        Circuit takes4 = RandomCircuits.generate(new Random(9), 4, 1, 1, 1, 30);
        RunSpec foreign = RunSpec.builder(takes4).input(Party.CREATOR, v[0]).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> stranger.run(foreign, new boolean[0]));
        assertTrue(e.getMessage().contains("belongs to another session"), e.getMessage());
        assertEquals(0, other[0].bytesSent(), "nothing is sent for a rejected spec");

        // Use it once: consumed on both sides.
        List<Pairs.Result<RunResult>> r = Pairs.both(
                cs, s -> s.run(RunSpec.builder(takes4).input(Party.CREATOR, v[0]).build(), new boolean[0]),
                es, s -> s.run(RunSpec.builder(takes4).input(Party.CREATOR, v[1]).build(), new boolean[1]));
        r.get(0).get();
        r.get(1).get();
        assertFalse(v[0].isAvailable());
        assertFalse(v[1].isAvailable());
        IllegalStateException gone = assertThrows(IllegalStateException.class,
                () -> RunSpec.builder(takes4).input(Party.CREATOR, v[0]));
        assertTrue(gone.getMessage().contains("gone"), gone.getMessage());

        GarbledValue[] w = keepOne(c, cs, es);
        w[0].discard();
        RunSpec stale = RunSpec.builder(takes4).build();
        IllegalStateException discarded = assertThrows(IllegalStateException.class,
                () -> RunSpec.builder(takes4).input(Party.CREATOR, w[0]));
        assertTrue(discarded.getMessage().contains("gone"), discarded.getMessage());
        assertEquals(1, stale.inputs(Party.CREATOR).size());
    }

    @Test
    void aValueDiscardedAfterTheSpecWasBuiltIsRefusedBeforeAnythingIsSent() throws Exception {
        Circuit c = RandomCircuits.generate(new Random(10), 3, 3, 2, 4, 60);
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(O.timeout()).build());
        GcSession cs = GcSession.creator(ch[0], O);
        GcSession es = GcSession.evaluator(ch[1], O);
        GarbledValue[] v = keepOne(c, cs, es);
        Circuit takes4 = RandomCircuits.generate(new Random(11), 4, 1, 1, 1, 30);
        RunSpec spec = RunSpec.builder(takes4).input(Party.CREATOR, v[0]).build();
        v[0].discard();
        long sent = ch[0].bytesSent();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> cs.run(spec, new boolean[0]));
        assertTrue(e.getMessage().contains("discarded"), e.getMessage());
        assertEquals(sent, ch[0].bytesSent());
    }
}
