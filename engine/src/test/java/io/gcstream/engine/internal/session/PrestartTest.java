package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.testutil.BackgroundThreads;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrestartTest {
    @Test
    void startsOnceOnADaemonThreadAndSessionsStillAgreeWithTheSimulator() throws Exception {
        Prestart.start();
        assertFalse(Prestart.start(), "a second call starts nothing");
        // A session running while (or after) the background work runs is unaffected by it.
        sessionAgreesWithTheSimulator(new Random(31), 9, 7, 5, 6, 800);
        BackgroundThreads.assertDaemonsFinish("gc-prestart");
    }

    @Test
    void makesTheOtSetUpsSpareCiphersInLargeHeapsOnly() throws Exception {
        // Another test's start-up thread may still make its generator and take a spare.
        BackgroundThreads.assertDaemonsFinish("gc-prestart");
        assertFalse(Prestart.startOt(false, DryRun.MIN_HEAP - 1, false, 200), "small heaps are left alone");
        assertFalse(Prestart.startOt(false, DryRun.MIN_HEAP, true, DirectCot.MAX_BITS),
                "a single run with few evaluator inputs does not set the extension up");
        BackgroundThreads.assertDaemonsFinish("gc-ot-prestart");
        assertTrue(Prestart.startOt(false, DryRun.MIN_HEAP, false, 8), "a session of many runs does");
        BackgroundThreads.assertDaemonsFinish("gc-ot-prestart");
        assertTrue(Prestart.startOt(false, DryRun.MIN_HEAP, true, DirectCot.MAX_BITS + 1));
        BackgroundThreads.assertDaemonsFinish("gc-ot-prestart");
        assertTrue(Prg.spares() >= 257, "an evaluator's OT receiver makes 257 generators: " + Prg.spares());
        // A session set up after it takes them and still computes the right outputs.
        sessionAgreesWithTheSimulator(new Random(32), 5, 6, 4, 4, 300);
        assertTrue(Prg.spares() < 257, "the session took spares: " + Prg.spares() + " left");
    }

    /** A random circuit's session in this JVM gives the simulator's outputs. */
    private static void sessionAgreesWithTheSimulator(Random r, int xBits, int yBits, int creatorOut,
            int evaluatorOut, int gates) throws Exception {
        Circuit c = RandomCircuits.generate(r, xBits, yBits, creatorOut, evaluatorOut, gates);
        boolean[] x = RandomCircuits.bits(r, xBits);
        boolean[] y = RandomCircuits.bits(r, yBits);
        // Default options: the session sets the OT extension up before its run.
        LocalPair.Outcome res = LocalPair.run(c, x, y, SessionOptions.defaults(), LocalPair.Connection.MEMORY);
        Simulator.Result expect = Simulator.run(c, x, y);
        assertArrayEquals(expect.creatorOutputs(), res.creatorOutputs());
        assertArrayEquals(expect.evaluatorOutputs(), res.evaluatorOutputs());
    }
}
