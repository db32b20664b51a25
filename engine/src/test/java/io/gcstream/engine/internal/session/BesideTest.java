package io.gcstream.engine.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link Beside}'s choice, on a clock the test moves: probes, the faster way, the next cycle's probes. */
class BesideTest {
    private long now;
    private Beside b;

    @BeforeEach
    void setUp() {
        assertNull(Beside.forTests, "another test left Beside.forTests set");
        now = 0;
        b = new Beside(() -> now);
    }

    /**
     * {@code n} runs, each ending {@code beside} ns after the one before if it went beside it,
     * {@code after} ns if not; returns each run's way as a string of 'b' and 'a'.
     */
    private String drive(int n, long beside, long after) {
        StringBuilder ways = new StringBuilder();
        for (int i = 0; i < n; i++) {
            boolean w = b.next();
            ways.append(w ? 'b' : 'a');
            now += w ? beside : after;
            b.ended(w);
        }
        return ways.toString();
    }

    /** A cycle's ways: the probes, then {@code rest} for the remaining runs. */
    private static String cycle(char rest) {
        return "b".repeat(Beside.PROBE) + "a".repeat(Beside.PROBE) + String.valueOf(rest).repeat(Beside.CYCLE - 2 * Beside.PROBE);
    }

    @Test
    void runsAfterEachOtherWhereThatIsFasterAndProbesAgainEveryCycle() {
        assertEquals(cycle('a').repeat(3), drive(3 * Beside.CYCLE, 300, 200));
    }

    @Test
    void runsBesideEachOtherWhereThatIsFaster() {
        assertEquals(cycle('b').repeat(3), drive(3 * Beside.CYCLE, 100, 200));
    }

    @Test
    void followsTheMachineFromCycleToCycle() {
        assertEquals(cycle('b'), drive(Beside.CYCLE, 100, 200));
        // Another process takes a core: the next cycle's probes find one run at a time faster.
        assertEquals(cycle('a'), drive(Beside.CYCLE, 500, 200));
        // And it leaves.
        assertEquals(cycle('b'), drive(Beside.CYCLE, 100, 200));
    }

    @Test
    void theTimeOfAPauseDoesNotCount() {
        assertEquals(cycle('a'), drive(Beside.CYCLE, 300, 200));
        // Two beside probes end a sequence (runMany returned) and the next begins much later:
        // that wait is the caller's, not a cost of running beside.
        StringBuilder ways = new StringBuilder();
        for (int i = 0; i < Beside.CYCLE; i++) {
            boolean w = b.next();
            ways.append(w ? 'b' : 'a');
            now += w ? 100 : 200;
            b.ended(w);
            if (i == 1 || i == 2) {
                b.pause();
                now += 1_000_000;
            }
        }
        assertEquals(cycle('b'), ways.toString());
    }

    @Test
    void theFirstRunAfterAChangeOfWayDoesNotCount() {
        // The run after a change of way ends after a run of the other way: its interval is
        // neither way's. Make those intervals misleading: they must not decide.
        StringBuilder ways = new StringBuilder();
        boolean last = true;
        for (int i = 0; i < Beside.CYCLE; i++) {
            boolean w = b.next();
            ways.append(w ? 'b' : 'a');
            now += w != last ? (w ? 1 : 1_000_000) : (w ? 300 : 200);
            b.ended(w);
            last = w;
        }
        assertEquals(cycle('a'), ways.toString());
    }

    @Test
    void testsChooseTheWay() {
        Beside.forTests = k -> k % 3 == 0;
        try {
            assertEquals("baabaabaa", drive(9, 100, 200));
        } finally {
            Beside.forTests = null;
        }
    }
}
