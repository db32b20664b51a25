package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Party;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Three sessions, the maximum kept garbled in state files between them. */
class RunningMaximumTest {
    @Test
    void theMaximumOverThreeSessions(@TempDir Path dir) throws Exception {
        long[][] readings = {{17, 42}, {5, 3}, {23, 9}};
        RunningMaximum.Day[] days = {RunningMaximum.Day.FIRST, RunningMaximum.Day.MIDDLE, RunningMaximum.Day.LAST};
        Object[] last = null;
        for (int d = 0; d < 3; d++) {
            int day = d;
            last = Pair.run(
                    (role, ch, s) -> RunningMaximum.day(role, ch, dir.resolve("creator.state"), "pw".toCharArray(),
                            readings[day][0], days[day]),
                    (role, ch, s) -> RunningMaximum.day(role, ch, dir.resolve("evaluator.state"), null, readings[day][1],
                            days[day]));
        }
        assertEquals(42L, last[1]);
        assertEquals(Party.EVALUATOR, io.gcstream.engine.SessionState.read(dir.resolve("evaluator.state"), null).role());
    }
}
