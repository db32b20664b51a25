package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.testutil.BackgroundThreads;
import io.gcstream.engine.testutil.RandomCircuits;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DryRunTest {
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void walksASmallCircuitWhollyForEitherRole(Scheme scheme) throws Exception {
        Circuit c = RandomCircuits.generate(new Random(5), 9, 7, 5, 6, 3000);
        long all = CircuitWalker.gatesWalked(c);
        assertEquals(all, DryRun.run(Party.CREATOR, c, scheme), "creator");
        assertEquals(all, DryRun.run(Party.EVALUATOR, c, scheme), "evaluator");
    }

    @Test
    void stopsSoonAfterItsGateBudget() throws Exception {
        Circuit c = RandomCircuits.generate(new Random(6), 8, 8, 4, 4, (int) (2 * DryRun.MAX_GATES));
        assertTrue(CircuitWalker.gatesWalked(c) > DryRun.MAX_GATES + CircuitWalker.BATCH);
        for (Party p : Party.values()) {
            long walked = DryRun.run(p, c, Scheme.HALF_GATES);
            assertTrue(walked >= DryRun.MAX_GATES && walked < DryRun.MAX_GATES + CircuitWalker.BATCH,
                    p + " walked " + walked);
        }
    }

    @Test
    void leavesSmallHeapsAndHugeCircuitsAlone() {
        assertFalse(DryRun.worthIt(1000, 4L << 20), "a 4 MiB heap");
        assertFalse(DryRun.worthIt(1000, DryRun.MIN_HEAP - 1), "just under the minimum heap");
        assertTrue(DryRun.worthIt(1000, DryRun.MIN_HEAP), "the minimum heap");
        long heap = 1L << 30;
        assertTrue(DryRun.worthIt(heap / 64 / 16, heap), "label array 1/64 of the heap");
        assertFalse(DryRun.worthIt(heap / 64 / 16 + 1, heap), "label array over 1/64 of the heap");
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void sessionsBesideADryRunOfTheSameCircuitAgreeWithTheSimulator(Scheme scheme) throws Exception {
        Random r = new Random(41);
        Circuit c = RandomCircuits.generate(r, 9, 7, 5, 6, 20_000);
        boolean[] x = RandomCircuits.bits(r, 9);
        boolean[] y = RandomCircuits.bits(r, 7);
        assertTrue(DryRun.start(Party.CREATOR, c, scheme));
        assertTrue(DryRun.start(Party.EVALUATOR, c, scheme));
        LocalPair.Outcome res = LocalPair.run(c, x, y, SessionOptions.builder().scheme(scheme).build(),
                LocalPair.Connection.MEMORY);
        Simulator.Result expect = Simulator.run(c, x, y);
        assertArrayEquals(expect.creatorOutputs(), res.creatorOutputs());
        assertArrayEquals(expect.evaluatorOutputs(), res.evaluatorOutputs());
        BackgroundThreads.assertDaemonsFinish("gc-dry-run");
    }
}
