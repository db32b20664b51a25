package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.engine.HostileJudge.Expect;
import io.gcstream.engine.HostileSessions.Outcome;
import io.gcstream.engine.HostileSessions.Scenario;
import io.gcstream.engine.HostileSessions.Script;
import io.gcstream.engine.HostileSessions.Where;
import io.gcstream.engine.testutil.HostileChannel.Fault;
import io.gcstream.engine.testutil.PhaseMap.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Acceptance of issue 12: a bit flipped anywhere in a run's messages (the garbled stream and
 * the output messages, and the headers and OT messages around them) never gives a party a
 * wrong result. One run of {@link HostileSessions#CIRCUIT} (outputs for both parties), one
 * flip per session at a seeded position of the creator→evaluator or the evaluator→creator
 * stream; each must end with both parties failing (the exit status 1 of {@code gc}) or both
 * returning the simulator's outputs, and the latter only where the flipped bit is one the
 * protocol never uses (see {@link #expectation}). The counts per message are printed.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class HostileBitFlipTest {
    /** Seeded positions per direction in the default build. */
    static final int POSITIONS = 200;
    private static final ExecutorService POOL = Duel.pool(6);

    @AfterAll
    static void noThreadIsLeftBehind() throws InterruptedException {
        POOL.shutdownNow();
        assertTrue(POOL.awaitTermination(60, TimeUnit.SECONDS), "the case pool did not stop");
        assertEquals(List.of(), Duel.liveThreads());
    }

    @Test
    void aFlippedBitOfARunNeverGivesAWrongResult() throws Exception {
        flips(HostileSessions.standard(), Party.CREATOR, POSITIONS, false, 1);
        flips(HostileSessions.standard(), Party.EVALUATOR, POSITIONS, false, 2);
    }

    @ParameterizedTest
    @EnumSource(value = Scheme.class, names = {"GRR3", "THREE_HALVES"})
    void theOtherSchemesToo(Scheme scheme) throws Exception {
        flips(HostileSessions.scenario(scheme), Party.CREATOR, POSITIONS / 8, false, 3);
        flips(HostileSessions.scenario(scheme), Party.EVALUATOR, POSITIONS / 8, false, 4);
    }

    /**
     * The OT extension, which a session sets up in its second run (its first took the inputs by
     * direct base OTs): flips in the base OTs of both directions and the evaluator's matrix.
     */
    @Test
    void theSecondRunsOtExtension() throws Exception {
        Scenario sc = HostileSessions.standard();
        flips(sc, Party.CREATOR, Where.BASE_OTS_TO_EVALUATOR.span(sc), Script.FULL, POSITIONS / 4, 7);
        flips(sc, Party.EVALUATOR, Where.BASE_OTS_TO_CREATOR.span(sc), Script.FULL, POSITIONS / 2, 8);
        flips(sc, Party.EVALUATOR, Where.OT_MESSAGES.span(sc), Script.FULL, POSITIONS / 2, 9);
    }

    /** The whole session, setup included, under every scheme: thousands of sessions. */
    @Tag("slow")
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void aFlippedBitAnywhereInTheSession(Scheme scheme) throws Exception {
        flips(HostileSessions.scenario(scheme), Party.CREATOR, 1000, true, 5);
        flips(HostileSessions.scenario(scheme), Party.EVALUATOR, 1000, true, 6);
    }

    /**
     * Every bit of both final statuses. A flipped bit of the evaluator's status makes the
     * creator fail (an invalid status, or a message it waits for in vain while the evaluator
     * waits for its verdict); one of the creator's status, the last message of the run, leaves
     * the creator with its correct result and fails the evaluator: the creator is done when it
     * sends it and cannot learn whether it arrived (no protocol can: someone sends last).
     */
    @Test
    void everyBitOfTheFinalStatuses() throws Exception {
        Scenario sc = HostileSessions.standard();
        for (Where w : List.of(Where.EVALUATOR_STATUS, Where.CREATOR_STATUS)) {
            TreeSet<Long> bits = new TreeSet<>();
            for (long b = 8 * w.span(sc).from(); b < 8 * w.span(sc).to(); b++) {
                bits.add(b);
            }
            String summary = flip(sc, Script.ONE_RUN, w.sender, bits, "every bit of the " + w);
            if (w == Where.CREATOR_STATUS) {
                assertTrue(summary.contains("only the sender ok  32"), summary);
            }
        }
    }

    /**
     * The last 16 bytes of a hello are the tweak salt. The creator's keys the hash whenever it is
     * not 0 (a resumed session's, or one under a shared Δ): a flipped bit in a fresh session's
     * zero salt makes the evaluator alone use one, and a flipped bit in a resumed session's
     * salt makes the two use different ones; either fails both parties. The evaluator's salt
     * is never used: a flipped bit there changes nothing.
     */
    @Test
    void theTweakSaltsOfTheHellos() throws Exception {
        Scenario sc = HostileSessions.standard();
        for (Where w : List.of(Where.HELLO_TO_EVALUATOR, Where.HELLO_TO_CREATOR, Where.RESUMED_HELLO_TO_EVALUATOR,
                Where.RESUMED_HELLO_TO_CREATOR)) {
            TreeSet<Long> bits = new TreeSet<>();
            Span salt = w.span(sc).tail(16);
            for (long b = salt.from(); b < salt.to(); b++) {
                bits.add(8 * b + (b % 8));
            }
            String summary = flip(sc, w.script, w.sender, bits, "the tweak salt of the " + w);
            boolean used = w == Where.HELLO_TO_EVALUATOR || w == Where.RESUMED_HELLO_TO_EVALUATOR;
            assertTrue(summary.contains(used ? "both failed   16" : "both correct   16"), summary);
        }
    }

    /**
     * Flips one bit at each of {@code n} distinct seeded positions of {@code sender}'s stream:
     * of the run (from its header to the last status), or of the whole session.
     */
    private static void flips(Scenario sc, Party sender, int n, boolean wholeSession, long seed) throws Exception {
        Span first = (sender == Party.CREATOR ? Where.RUN_HEADER_TO_EVALUATOR : Where.RUN_HEADER_TO_CREATOR).span(sc);
        Span last = (sender == Party.CREATOR ? Where.CREATOR_STATUS : Where.EVALUATOR_STATUS).span(sc);
        Span span = new Span(wholeSession ? "session" : "run", wholeSession ? 0 : first.from(), last.to());
        flips(sc, sender, span, Script.ONE_RUN, n, seed);
    }

    /** Flips one bit at each of {@code n} distinct seeded positions of {@code span} of {@code sender}'s stream. */
    private static void flips(Scenario sc, Party sender, Span span, Script script, int n, long seed) throws Exception {
        long from = span.from();
        long to = span.to();
        Random r = new Random(seed * 1_000_003L + sc.scheme.ordinal());
        TreeSet<Long> positions = new TreeSet<>();
        while (positions.size() < Math.min(n, 8 * (to - from))) {
            positions.add((from + (long) (r.nextDouble() * (to - from))) * 8 + r.nextInt(8));
        }
        flip(sc, script, sender, positions, positions.size() + " flipped bits of the "
                + sender.toString().toLowerCase() + "'s " + span.phase());
    }

    /**
     * One session per bit position (8 × byte offset + bit) of {@code sender}'s stream, that bit
     * flipped; checks each and returns (and prints) the counts per message.
     */
    private static String flip(Scenario sc, Script script, Party sender, TreeSet<Long> positions, String what)
            throws Exception {
        List<Future<Outcome>> runs = new ArrayList<>();
        List<Where> wheres = new ArrayList<>();
        List<Expect> expects = new ArrayList<>();
        for (long bitPos : positions) {
            long pos = bitPos / 8;
            int bit = (int) (bitPos % 8);
            Where w = Where.at(sc, script, sender, pos);
            if (w == null) {
                throw new AssertionError("byte " + pos + " of the " + sender + "'s stream is in no known message");
            }
            wheres.add(w);
            expects.add(expectation(sc, w, pos, bit));
            Fault f = Fault.flip(pos, bit);
            runs.add(POOL.submit(() -> HostileSessions.run(sc + " " + f, sc, script, w, f)));
        }
        Map<String, int[]> tally = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Outcome o = runs.get(i).get(HostileSessions.limit(Fault.flip(0, 0)).toSeconds() + 60, TimeUnit.SECONDS);
            for (String p : HostileJudge.problems(o, expects.get(i))) {
                problems.add(o.describe() + "\n  => " + p);
            }
            // Sorted by message, then by expectation.
            String key = String.format("%02d%d %s%s", wheres.get(i).ordinal(), expects.get(i).ordinal(), wheres.get(i),
                    expects.get(i) == Expect.EITHER ? "" : " (" + expects.get(i) + ")");
            int[] t = tally.computeIfAbsent(key, k -> new int[3]);
            t[o.bothFailed() ? 0 : o.bothOk() ? 1 : 2]++;
        }
        StringBuilder sb = new StringBuilder(String.format("%s, %s:%n", sc, what));
        int[] sum = new int[3];
        for (Map.Entry<String, int[]> e : tally.entrySet()) {
            int[] t = e.getValue();
            sb.append(String.format("  %-45s both failed %4d, both correct %4d, only the sender ok %3d%n",
                    e.getKey().substring(4), t[0], t[1], t[2]));
            for (int k = 0; k < 3; k++) {
                sum[k] += t[k];
            }
        }
        sb.append(String.format("  %-45s both failed %4d, both correct %4d, only the sender ok %3d%n", "total",
                sum[0], sum[1], sum[2]));
        System.out.print(sb);
        assertEquals(List.of(), problems, sb.toString());
        return sb.toString();
    }

    /**
     * What flipping {@code bit} of byte {@code pos} (in message {@code w}) must give. Harmless
     * by construction: bits of OT rows that only pad the last block to 128 OTs, the first run's
     * base-OT ciphertexts of the messages the evaluator did not choose and its corrections of the
     * bits it holds as 0, the check hash
     * of the output label the evaluator does not hold, and the tweak salts in the hellos of a
     * fresh session (only a resumed session uses the creator's). Bits that every later step
     * depends on must fail.
     * Other bits may do either: a garbled-table half the evaluator does not use for its
     * colours, a column of the OT matrix where Δ's bit is 0, or a base-OT ciphertext of a
     * message the creator did not choose, leave the result correct.
     */
    static Expect expectation(Scenario sc, Where w, long pos, int bit) throws Exception {
        long o = pos - w.span(sc).from();
        switch (w) {
            case DIRECT_CIPHERTEXTS: {
                // Per group of 4 input bits, 16 messages of 4 blocks: only the one the
                // evaluator's 4 bits choose is used. Then a correction per bit, used for a 1.
                boolean[] y = HostileSessions.Y1;
                long cipherBytes = (y.length / 4) * 16 * 4 * 16;
                if (o >= cipherBytes) {
                    return y[(int) ((o - cipherBytes) / 16)] ? Expect.FAILURE : Expect.BOTH_CORRECT;
                }
                int g = (int) (o / (16 * 4 * 16));
                int v = (int) (o % (16 * 4 * 16) / (4 * 16));
                int chosen = 0;
                for (int j = 0; j < 4; j++) {
                    chosen |= (y[4 * g + j] ? 1 : 0) << j;
                }
                return v == chosen ? Expect.FAILURE : Expect.BOTH_CORRECT;
            }
            case OT_MESSAGES: {
                if (o < 8) {
                    return Expect.FAILURE; // the call header: kind and number of OTs
                }
                long row = ((o - 8) % 16) * 8 + bit;
                return row < HostileSessions.CIRCUIT.evaluatorInputCount() ? Expect.EITHER : Expect.BOTH_CORRECT;
            }
            case OUTPUT_HASHES: {
                int output = (int) (o / 16);
                boolean ofOneLabel = o % 16 >= 8;
                boolean value = Simulator.run(HostileSessions.CIRCUIT, HostileSessions.X1, HostileSessions.Y1)
                        .evaluatorOutputs()[output];
                return ofOneLabel == value ? Expect.FAILURE : Expect.BOTH_CORRECT;
            }
            case HELLO_TO_CREATOR:
            case RESUMED_HELLO_TO_CREATOR:
                // The last 16 bytes are the tweak salt: the evaluator's is never used.
                return o >= w.span(sc).length() - 16 ? Expect.BOTH_CORRECT : Expect.FAILURE;
            case BASE_OTS_TO_CREATOR:
                // OT header (16 bytes) and the point A (64) are used by every base OT.
                return o < 16 + 64 ? Expect.FAILURE : Expect.EITHER;
            case GARBLED_TABLES:
                return Expect.EITHER;
            default:
                return Expect.FAILURE;
        }
    }
}
