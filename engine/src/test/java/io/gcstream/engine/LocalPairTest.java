package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.testing.RandomCircuits;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LocalPairTest {
    /** Declares no checked exception: LocalPair and Simulator throw none. */
    @ParameterizedTest
    @EnumSource(LocalPair.Connection.class)
    void bothOutputsAndStats(LocalPair.Connection t) {
        Random r = new Random(99);
        Circuit c = RandomCircuits.generate(r, 9, 7, 5, 6, 1500);
        boolean[] x = RandomCircuits.bits(r, 9);
        boolean[] y = RandomCircuits.bits(r, 7);
        LocalPair.Outcome res = LocalPair.run(c, x, y, SessionOptions.defaults(), t);
        Simulator.Result expect = Simulator.run(c, x, y);
        assertArrayEquals(expect.creatorOutputs(), res.creatorOutputs());
        assertArrayEquals(expect.evaluatorOutputs(), res.evaluatorOutputs());
        assertEquals(Party.CREATOR, res.creatorStats().role());
        assertEquals(Party.EVALUATOR, res.evaluatorStats().role());
        assertEquals(res.creatorStats().bytesSent(), res.evaluatorStats().bytesReceived());
        assertEquals(c.nonLinearCount(), res.evaluatorStats().nonLinearGates());
        assertTrue(res.creatorStats().toJson().contains("\"nonLinearGates\":" + c.nonLinearCount()));
    }

    @ParameterizedTest
    @EnumSource(LocalPair.Connection.class)
    void manyRunsShareOneSession(LocalPair.Connection t) throws Exception {
        Random r = new Random(17);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 500);
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            xs.add(RandomCircuits.bits(r, 8));
            ys.add(RandomCircuits.bits(r, 8));
        }
        List<LocalPair.Outcome> res = LocalPair.runAll(c, xs, ys, SessionOptions.defaults(), t);
        assertEquals(5, res.size());
        for (int i = 0; i < 5; i++) {
            Simulator.Result expect = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expect.creatorOutputs(), res.get(i).creatorOutputs(), "run " + i);
            assertArrayEquals(expect.evaluatorOutputs(), res.get(i).evaluatorOutputs(), "run " + i);
            // Base OTs happen in the first run only.
            assertEquals(i == 0, res.get(i).creatorStats().setupNanos() > 0, "run " + i);
        }
        assertThrows(IllegalArgumentException.class,
                () -> LocalPair.runAll(c, xs, ys.subList(0, 4), SessionOptions.defaults(), t));
    }

    @ParameterizedTest
    @EnumSource(LocalPair.Connection.class)
    void wrongInputLengthIsRejectedBeforeAnythingIsSent(LocalPair.Connection t) {
        Random r = new Random(5);
        Circuit c = RandomCircuits.generate(r, 3, 3, 1, 1, 10);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalPair.run(c, new boolean[2], new boolean[3],
                        SessionOptions.builder().timeout(java.time.Duration.ofSeconds(2)).build(), t));
        assertTrue(e.getMessage().contains("creator input has 2 bits but the circuit takes 3"),
                e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void progressIsReportedByBothParties() throws Exception {
        Random r = new Random(8);
        Circuit c = RandomCircuits.generate(r, 2, 2, 1, 1, 300);
        java.util.Set<Party> finished = java.util.concurrent.ConcurrentHashMap.newKeySet();
        SessionOptions o = SessionOptions.builder().progress((role, gates, total) -> {
            if (gates == total) {
                finished.add(role);
            }
        }).build();
        LocalPair.run(c, new boolean[2], new boolean[2], o, LocalPair.Connection.MEMORY);
        assertEquals(java.util.Set.of(Party.CREATOR, Party.EVALUATOR), finished);
    }
}
