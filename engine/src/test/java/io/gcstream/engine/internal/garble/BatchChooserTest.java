package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BatchChooserTest {
    /** A chooser on a clock that a batch advances by its gates times the cost of the way it ran. */
    private static final class Timed {
        final BatchChooser c = new BatchChooser();
        long now;
        long teamCost;
        long aloneCost;
        long aloneBatches;
        long teamBatches;

        Timed() {
            c.clock = () -> now;
        }

        /** Runs {@code n} batches of 100 gates; returns how many of them ran on the team. */
        long run(long n) {
            long team = 0;
            for (long i = 0; i < n; i++) {
                boolean alone = c.alone();
                now += 100 * (alone ? aloneCost : teamCost);
                c.ran(100);
                if (alone) {
                    aloneBatches++;
                } else {
                    teamBatches++;
                    team++;
                }
            }
            return team;
        }
    }

    @Test
    void aFasterTeamRunsAllButTheAloneProbes() {
        Timed t = new Timed();
        t.teamCost = 10;
        t.aloneCost = 20;
        long n = 100 * BatchChooser.CYCLE;
        t.run(n);
        assertEquals(BatchChooser.CYCLE, t.c.cycle());
        assertEquals(100L * BatchChooser.PROBE, t.aloneBatches);
        assertEquals(n - 100L * BatchChooser.PROBE, t.teamBatches);
    }

    /**
     * A team that loses is probed less and less often (each cycle it loses is twice as long as
     * the one before, up to the longest), and is taken again in the first cycle it wins.
     */
    @Test
    void aLosingTeamIsProbedLessOftenAndTakenAgainWhenItWins() {
        Timed t = new Timed();
        t.teamCost = 30;
        t.aloneCost = 20;
        java.util.List<Long> probes = new java.util.ArrayList<>();
        boolean before = false;
        long n = 8L * BatchChooser.MAX_CYCLE;
        for (long i = 0; i < n; i++) {
            boolean team = t.run(1) == 1;
            if (team && !before) {
                probes.add(i);
            }
            before = team;
        }
        for (int k = 1; k < probes.size(); k++) {
            long want = Math.min(BatchChooser.MAX_CYCLE, (long) BatchChooser.CYCLE << k);
            assertEquals(want, probes.get(k) - probes.get(k - 1), "batches between the team's probes " + k);
        }
        assertEquals(BatchChooser.PROBE * (long) probes.size(), t.teamBatches, "only the probes ran on the team");
        assertTrue((double) t.teamBatches / n < 0.002, "probes of a losing team are a small share of the batches");
        // The machine gives the team its threads again: its next probes find it faster.
        t.teamCost = 10;
        t.run(BatchChooser.MAX_CYCLE);
        assertEquals(BatchChooser.CYCLE, t.c.cycle());
        long team = t.run(10 * BatchChooser.CYCLE);
        assertEquals(10L * (BatchChooser.CYCLE - BatchChooser.PROBE), team, "the team runs all but the alone probes");
    }

    /** The first batch of each way's probes (waking a parked worker, warming a loop) is not timed. */
    @Test
    void theFirstProbeBatchOfEachWayIsNotTimed() {
        Timed t = new Timed();
        t.teamCost = 10;
        t.aloneCost = 20;
        BatchChooser c = t.c;
        for (int i = 0; i < 2 * BatchChooser.PROBE; i++) {
            boolean alone = c.alone();
            boolean first = i % BatchChooser.PROBE == 0;
            // A first batch that would decide the comparison if it were timed.
            t.now += first ? (alone ? 0 : 1_000_000) : 100 * (alone ? t.aloneCost : t.teamCost);
            c.ran(100);
        }
        assertFalse(c.alone(), "the team, faster in its timed batches, runs the cycle");
    }
}
