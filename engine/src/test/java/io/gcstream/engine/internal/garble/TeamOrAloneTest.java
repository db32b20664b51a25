package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeamOrAloneTest {
    private static final long WINDOW = 2_000_000;

    /** An owner reading the chooser every window, on a machine whose rates the test sets (work a nanosecond). */
    private static final class Owner {
        final TeamOrAlone c = new TeamOrAlone();
        long now = 1;
        long work;
        boolean alone;
        double teamRate;
        double aloneRate;
        boolean contended;
        boolean calm;
        /** When the owner took the team back, each time. */
        final List<Long> tries = new ArrayList<>();

        Owner() {
            c.walkStarts(now, work);
        }

        /** Runs {@code n} windows; returns how many of them ran with the team. */
        long run(long n) {
            long team = 0;
            for (long i = 0; i < n; i++) {
                work += (long) (WINDOW * (alone ? aloneRate : teamRate));
                now += WINDOW;
                if (!alone) {
                    team++;
                    alone = c.leave(now, work, contended);
                } else if (c.back(now, work, calm)) {
                    alone = false;
                    tries.add(now);
                }
            }
            return team;
        }
    }

    @Test
    void aContendedWindowLeavesOnlyWhenTheTeamIsSlowerThanAlone() {
        Owner o = new Owner();
        o.teamRate = 2;
        o.aloneRate = 1;
        assertEquals(10, o.run(10), "windows without contention stay with the team");
        o.contended = true;
        assertEquals(1, o.run(1), "before any stretch alone, a contended window leaves");
        assertTrue(o.alone);
        o.run(TeamOrAlone.FIRST_TRY_NANOS / WINDOW);
        assertFalse(o.alone, "the team is tried again after the first wait");
        // The owner now knows its rate alone; the team, contended but twice as fast, stays.
        assertEquals(100, o.run(100));
        o.teamRate = 0.5;
        o.run(1);
        assertTrue(o.alone, "a contended window slower than alone leaves");
    }

    /**
     * A team slower than alone is tried again after a wait that doubles with each try, up to
     * the longest; once it pays again, it is back within one longest wait and stays.
     */
    @Test
    void aLosingTeamIsTriedLessOftenAndKeptWhenItPays() {
        Owner o = new Owner();
        o.teamRate = 0.5;
        o.aloneRate = 1;
        o.contended = true;
        long windows = 40 * TeamOrAlone.LAST_TRY_NANOS / WINDOW;
        long team = o.run(windows);
        for (int k = 1; k < o.tries.size(); k++) {
            long want = Math.min(TeamOrAlone.LAST_TRY_NANOS, TeamOrAlone.FIRST_TRY_NANOS << Math.min(k, 20)) + WINDOW;
            assertEquals(want, o.tries.get(k) - o.tries.get(k - 1), "time between tries " + k);
        }
        assertEquals(TeamOrAlone.LAST_TRY_NANOS, o.c.tryAfter());
        assertTrue((double) team / windows < 0.01, "tries of a losing team are a small share: " + team);
        o.teamRate = 2;
        long before = o.tries.size();
        o.run(TeamOrAlone.LAST_TRY_NANOS / WINDOW + 1);
        assertEquals(before + 1, o.tries.size(), "tried again within one longest wait");
        assertEquals(1000, o.run(1000), "and kept");
        o.teamRate = 0.5;
        o.run(1);
        assertTrue(o.alone);
        assertEquals(TeamOrAlone.FIRST_TRY_NANOS, o.c.tryAfter(), "a stretch that paid resets the wait");
    }

    @Test
    void aCalmMachineTakesTheTeamBackAtOnce() {
        Owner o = new Owner();
        o.teamRate = 0.5;
        o.aloneRate = 1;
        o.contended = true;
        o.run(1);
        assertTrue(o.alone);
        o.calm = true;
        o.run(1);
        assertFalse(o.alone);
    }

    /** A walk that ends alone measures the rate alone; the next walk starts with the team and compares with it. */
    @Test
    void ratesCarryOverFromWalkToWalk() {
        Owner o = new Owner();
        o.teamRate = 0.5;
        o.aloneRate = 1;
        o.contended = true;
        o.run(3);
        assertTrue(o.alone);
        o.c.walkEnds(o.now, o.work);
        o.now += 50 * WINDOW;
        o.c.walkStarts(o.now, o.work);
        o.alone = false;
        o.teamRate = 0.9;
        o.run(1);
        assertTrue(o.alone, "slower than the alone rate of the walk before");
        o.c.walkEnds(o.now, o.work);
        o.c.walkStarts(o.now, o.work);
        o.alone = false;
        o.teamRate = 1.5;
        assertEquals(50, o.run(50), "faster than it: stays");
        // A walk that ends right after the owner chose to go on alone keeps the alone rate.
        o.teamRate = 0.9;
        o.run(1);
        assertTrue(o.alone);
        o.c.walkEnds(o.now + 10, o.work);
        o.now += WINDOW;
        o.c.walkStarts(o.now, o.work);
        o.alone = false;
        o.run(1);
        assertTrue(o.alone, "still compared with the rate alone, not with a stretch that did nothing");
    }
}
