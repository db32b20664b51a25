package io.gcstream.benchmarks.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * {@link LockstepModel}: two threads garble the same labels and send the same stream as one,
 * whichever steps the owner runs alone and however often it switches.
 */
class LockstepModelTest {
    private static final long WINDOW = TimeUnit.MILLISECONDS.toNanos(1);

    private static void sameAsOneThread(int lanes, long steps, LongPredicate aloneAt, boolean rule, String what) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            LockstepModel one = new LockstepModel(lanes, 7, true);
            one.runAlone(steps);
            LockstepModel two = new LockstepModel(lanes, 7, true);
            two.runTeam(steps, rule, WINDOW, aloneAt);
            assertArrayEquals(one.labels(), two.labels(), what + ": labels");
            assertEquals(one.sentDigest(), two.sentDigest(), what + ": the stream");
            assertEquals(steps, two.aloneSteps + two.teamSteps, what + ": steps");
        });
    }

    @Test
    void twoThreadsGarbleAsOneWhicheverStepsRunAlone() {
        long steps = 200;
        sameAsOneThread(16, steps, s -> false, false, "never alone");
        sameAsOneThread(16, steps, s -> (s / 3) % 2 == 1, false, "three steps each way");
        sameAsOneThread(16, steps, s -> s % 2 == 1, false, "every other step");
        sameAsOneThread(16, steps, s -> s >= 5 && s < 120, false, "alone in the middle");
        sameAsOneThread(16, steps, s -> s >= 1, false, "alone after the first step");
        sameAsOneThread(1024, 40, s -> (s / 7) % 2 == 0, false, "1,024 lanes");
    }

    private static void evaluatesAsOneThread(int lanes, long steps, LongPredicate aloneAt, boolean rule,
            int from, String what) {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            byte[] stream = LockstepModel.record(lanes, 3, steps);
            LockstepModel one = LockstepModel.evaluator(lanes, 5, stream, from);
            one.runAlone(steps);
            LockstepModel two = LockstepModel.evaluator(lanes, 5, stream, from);
            two.runTeam(steps, rule, WINDOW, aloneAt);
            assertArrayEquals(one.labels(), two.labels(), what + ": labels");
        });
    }

    @Test
    void twoThreadsEvaluateAsOneWhereverTheirTablesAreRead() {
        String[] names = {"own tables", "the owner's copy", "a channel"};
        for (int from : new int[] {LockstepModel.OWN, LockstepModel.SHARED, LockstepModel.CHANNEL}) {
            String where = names[from];
            evaluatesAsOneThread(16, 200, s -> false, false, from, where + ", never alone");
            evaluatesAsOneThread(16, 200, s -> (s / 3) % 2 == 1, false, from, where + ", three steps each way");
            evaluatesAsOneThread(16, 200, s -> s % 2 == 1, false, from, where + ", every other step");
            evaluatesAsOneThread(16, 200, s -> s >= 1, false, from, where + ", alone after the first step");
            evaluatesAsOneThread(16, 1, null, false, from, where + ", one step");
            evaluatesAsOneThread(1024, 300, null, true, from, where + ", the rule");
        }
    }

    @Test
    void theEvaluatorsResultDependsOnEveryTable() {
        byte[] stream = LockstepModel.record(16, 3, 50);
        LockstepModel a = LockstepModel.evaluator(16, 5, stream, LockstepModel.OWN);
        a.runAlone(50);
        stream[stream.length / 2] ^= 1;
        LockstepModel b = LockstepModel.evaluator(16, 5, stream, LockstepModel.OWN);
        b.runAlone(50);
        assertNotEquals(java.util.Arrays.toString(a.labels()), java.util.Arrays.toString(b.labels()));
    }

    @Test
    void theRunDelayRuleChangesNothingButTheSpeed() {
        sameAsOneThread(1024, 3_000, null, true, "the rule");
        sameAsOneThread(2, 500, null, false, "no rule, two lanes");
        sameAsOneThread(16, 1, null, false, "one step");
    }

    @Test
    void theOwnerSwitchesWhereItIsTold() throws Exception {
        LockstepModel m = new LockstepModel(16, 1, false);
        m.runTeam(100, false, WINDOW, s -> s >= 10 && s < 30 || s >= 60 && s < 61);
        assertEquals(21, m.aloneSteps, "steps alone");
        assertEquals(2, m.switches);
        assertEquals(79, m.teamSteps);
    }
}
