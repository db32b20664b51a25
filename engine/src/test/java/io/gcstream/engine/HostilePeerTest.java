package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.engine.HostileJudge.Expect;
import io.gcstream.engine.HostileSessions.Outcome;
import io.gcstream.engine.HostileSessions.Scenario;
import io.gcstream.engine.HostileSessions.Transport;
import io.gcstream.engine.HostileSessions.Where;
import io.gcstream.engine.testutil.HostileChannel.Fault;
import io.gcstream.engine.testutil.PhaseMap.Span;
import io.gcstream.engine.testutil.PhaseMap;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;

/**
 * A hostile network against every protocol message (see {@link Where}: session hello, base OTs,
 * run headers, OT messages, input labels, garbled tables, end marker, output-check hashes,
 * returned labels, both statuses, the state-saving exchange and a resumed session's hello) ×
 * every fault of {@link io.gcstream.engine.testutil.HostileChannel} that makes sense there.
 * Each case must end as {@link HostileJudge} says: both parties correct or both failed with a
 * one-line error naming the peer and the phase, within the timeouts, no thread left. A few
 * cases run again over loopback TCP. Cases run many at a time: most of them wait for a
 * timeout, not for the CPU.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class HostilePeerTest {
    /**
     * The faults of the matrix. LONG_DELAY is a delay beyond the phase budget; TRICKLE sends one
     * byte per half read timeout, so that no read ever times out and only the phase deadline
     * can end the wait.
     */
    enum Attack {
        FLIP, DROP, TRUNCATE, DELAY, LONG_DELAY, STALL, TRICKLE, REPLAY, REORDER
    }

    private static final Duration SHORT_DELAY = HostileSessions.TIMEOUT.dividedBy(4);
    private static final Duration LONG_DELAY = HostileSessions.TIMEOUT.multipliedBy(3).dividedBy(2);
    /** Where a delay beyond the budget is tried (each such case waits for a timeout). */
    private static final List<Where> LONG_DELAYED = List.of(Where.HELLO_TO_EVALUATOR, Where.DIRECT_CHOICES,
            Where.BASE_OTS_TO_CREATOR,
            Where.OT_MESSAGES, Where.GARBLED_TABLES, Where.RETURNED_LABELS, Where.SAVE_TO_CREATOR,
            Where.RESUMED_HELLO_TO_CREATOR);
    /** Where a trickle is tried (each such case waits for a phase deadline). */
    private static final List<Where> TRICKLED = List.of(Where.HELLO_TO_CREATOR, Where.DIRECT_CIPHERTEXTS,
            Where.BASE_OTS_TO_EVALUATOR,
            Where.OT_MESSAGES, Where.GARBLED_TABLES, Where.RETURNED_LABELS, Where.SAVE_TO_EVALUATOR,
            Where.RESUMED_HELLO_TO_EVALUATOR);
    /** Most cases wait for a timeout, not the CPU: many at a time. */
    private static final ExecutorService POOL = Duel.pool(12);

    /** One case of the matrix. */
    record Case(Where where, Attack attack, Fault fault, Expect expect, Transport transport) {
        String name() {
            return where + " x " + attack + (transport == Transport.MEMORY ? "" : " over " + transport);
        }
    }

    @AfterAll
    static void noThreadIsLeftBehind() throws InterruptedException {
        POOL.shutdownNow();
        assertTrue(POOL.awaitTermination(60, TimeUnit.SECONDS), "the case pool did not stop");
        assertEquals(List.of(), Duel.liveThreads());
    }

    @Test
    void theScenarioCircuitAddsAndMultiplies() throws Exception {
        Random r = new Random(3);
        for (int i = 0; i < 300; i++) {
            int x = r.nextInt(256);
            int y = r.nextInt(256);
            Simulator.Result s = Simulator.run(HostileSessions.CIRCUIT, HostileSessions.bits(x), HostileSessions.bits(y));
            assertEquals((x + y) & 255, HostileSessions.value(s.evaluatorOutputs()), x + " + " + y);
            assertEquals((x * y) & 255, HostileSessions.value(s.creatorOutputs()), x + " * " + y);
        }
    }

    /**
     * The recorded phases agree with the message sizes of docs/protocol.md, so the faults of the
     * matrix land in the messages they are named after.
     */
    @Test
    void thePhaseMapMatchesTheDocumentedMessages() {
        PhaseMap c = HostileSessions.standard().map(HostileSessions.Script.FULL, Party.CREATOR);
        PhaseMap e = HostileSessions.standard().map(HostileSessions.Script.FULL, Party.EVALUATOR);
        // Hello: magic, version, role, scheme, plan, runs ahead, state kind 0 (4 bytes each), tweak salt (16).
        assertEquals(44, Where.HELLO_TO_EVALUATOR.span().length(), c.toString());
        assertEquals(44, Where.HELLO_TO_CREATOR.span().length(), e.toString());
        // Resumed: the reuse flag and the number of candidates (4 + 4), and one candidate: its flags
        // (4), state id (16), counter (8) and two digests (64).
        assertEquals(44 + 100, Where.RESUMED_HELLO_TO_EVALUATOR.span().length());
        // The first run's direct base OTs: the creator's key A (64 bytes) after the hellos; the
        // evaluator's 2 points for its 8 input bits (one per 4 bits); for each of them 16
        // ciphertexts of 4 blocks, and a correction per bit.
        assertEquals(64, Where.DIRECT_KEY.span().length());
        assertEquals(2 * 64, Where.DIRECT_CHOICES.span().length());
        assertEquals(2 * 16 * 4 * 16 + 8 * 16, Where.DIRECT_CIPHERTEXTS.span().length());
        // The second run's base OTs, which set up the OT extension: OT header (16); the creator,
        // base-OT receiver, sends 32 points of 64 bytes; the evaluator one point and 32 groups
        // of 16 ciphertexts of 64 bytes.
        assertEquals(16 + 32 * 64, Where.BASE_OTS_TO_EVALUATOR.span().length());
        assertEquals(16 + 64 + 32 * 16 * 64, Where.BASE_OTS_TO_CREATOR.span().length());
        // Run header of a plain run: 72 fixed bytes, one fresh segment per party (4 + 16 each), no kept
        // range (4), flags (4).
        assertEquals(72 + 2 * 20 + 4 + 4, Where.RUN_HEADER_TO_EVALUATOR.span().length());
        assertEquals(Where.RUN_HEADER_TO_EVALUATOR.span().length(), Where.RUN_HEADER_TO_CREATOR.span().length());
        // The second run's 8 evaluator input bits by the extension: call header (8), one block
        // of 128 padded OTs (128 x 16 bytes).
        assertEquals(8 + 128 * 16, Where.OT_MESSAGES.span().length());
        // Each message in the order of the protocol: the base OTs in the second run.
        assertTrue(Where.DIRECT_KEY.span().from() < Where.RUN_HEADER_TO_EVALUATOR.span().from());
        assertTrue(Where.CREATOR_STATUS.span().to() <= Where.BASE_OTS_TO_EVALUATOR.span().from());
        assertTrue(Where.EVALUATOR_STATUS.span().to() <= Where.BASE_OTS_TO_CREATOR.span().from());
        assertTrue(Where.BASE_OTS_TO_CREATOR.span().to() <= Where.OT_MESSAGES.span().from());
        assertEquals(8 * 16, Where.INPUT_LABELS.span().length());
        assertEquals(32 * HostileSessions.CIRCUIT.nonLinearCount(), Where.GARBLED_TABLES.span().length());
        assertEquals(8 * 16, Where.OUTPUT_HASHES.span().length());
        assertEquals(8 * 16, Where.RETURNED_LABELS.span().length());
        // Saving: magic, counter, count, one value (8 + 4), 16 random bytes.
        assertEquals(4 + 8 + 4 + 12 + 16, Where.SAVE_TO_EVALUATOR.span().length());
        assertEquals(4 + 8 + 4 + 12 + 16, Where.SAVE_TO_CREATOR.span().length());
        // Each side's confirmation of its written half ends the save.
        assertEquals(4, Where.SAVE_CONFIRM_TO_EVALUATOR.span().length());
        assertEquals(32, Where.SAVE_DIGEST_TO_CREATOR.span().length());
        // The status and confirmation spans end their phases.
        assertEquals(c.sent("output decoding", 0).to(), Where.CREATOR_STATUS.span().to());
        assertEquals(e.sent("output decoding", 0).to(), Where.EVALUATOR_STATUS.span().to());
        assertEquals(c.sentTotal(), Where.SAVE_CONFIRM_TO_EVALUATOR.span().to());
        assertEquals(e.sentTotal(), Where.SAVE_CONFIRM_TO_CREATOR.span().to());
    }

    /**
     * A changed run header is seen by its receiver only: the receiver throws a
     * {@link HandshakeMismatchException}, which normally leaves a session usable, while the
     * sender has sent its whole flight and waits. A library user who then runs again does not
     * get a wrong result: the two sides are out of step and both fail.
     */
    @Test
    void aOneSidedHeaderMismatchFollowedByAnotherRunFailsOnBothSides() throws Exception {
        Scenario sc = HostileSessions.standard();
        Span header = Where.RUN_HEADER_TO_EVALUATOR.span(sc);
        HandshakeMismatchException[] first = new HandshakeMismatchException[2];
        Duel.Script<boolean[]> twice = s -> {
            boolean creator = s.role() == Party.CREATOR;
            try {
                s.run(HostileSessions.CIRCUIT, creator ? HostileSessions.X1 : HostileSessions.Y1);
            } catch (HandshakeMismatchException e) {
                first[s.role().ordinal()] = e;
            }
            return s.run(HostileSessions.CIRCUIT, creator ? HostileSessions.X2 : HostileSessions.Y2);
        };
        io.gcstream.ot.channel.Channel[] ch = io.gcstream.ot.channel.MemoryChannel.pair(io.gcstream.ot.channel.ChannelOptions.builder().readTimeout(sc.options.timeout()).build());
        io.gcstream.engine.testutil.HostileChannel c = new io.gcstream.engine.testutil.HostileChannel(ch[0],
                Fault.flip(header.from() + 4, 0)); // the run index
        List<Duel.Side<boolean[]>> sides = Duel.run("one-sided-mismatch", Duration.ofSeconds(60),
                GcSession.creator(c, sc.options), c, twice, GcSession.evaluator(ch[1], sc.options), ch[1], twice);
        assertTrue(first[Party.EVALUATOR.ordinal()] != null, "the evaluator sees the changed header");
        for (Party p : Party.values()) {
            Duel.Side<boolean[]> side = sides.get(p.ordinal());
            assertTrue(!side.ok() && !side.hung(), p + " must fail: " + side.error());
            assertEquals(List.of(), HostileJudge.badError(p, side.error(), p == Party.CREATOR ? "memory:b" : "memory:a"));
        }
    }

    /** The matrix: every message × every fault that makes sense there. */
    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (Where w : Where.values()) {
            for (Attack a : Attack.values()) {
                if ((a == Attack.LONG_DELAY && !LONG_DELAYED.contains(w)) || (a == Attack.TRICKLE && !TRICKLED.contains(w))) {
                    continue;
                }
                Random r = new Random(31L * w.ordinal() + a.ordinal());
                out.add(new Case(w, a, place(a, w.span(), r), expect(w, a), Transport.MEMORY));
            }
        }
        // Over loopback TCP, where closing and timing out go through sockets: a few messages
        // under the faults that end by a closed connection or a timeout.
        for (Where w : List.of(Where.HELLO_TO_CREATOR, Where.GARBLED_TABLES, Where.RETURNED_LABELS)) {
            for (Attack a : List.of(Attack.FLIP, Attack.TRUNCATE, Attack.STALL)) {
                Random r = new Random(31L * w.ordinal() + a.ordinal());
                out.add(new Case(w, a, place(a, w.span(), r), expect(w, a), Transport.TCP));
            }
        }
        return out;
    }

    /** Where in the message the fault goes (drawn from {@code r}) and its size. */
    static Fault place(Attack a, Span s, Random r) {
        long len = s.length();
        switch (a) {
            case FLIP:
                return Fault.randomFlip(r.nextLong(), s.from(), s.to());
            case DROP: {
                int n = (int) Math.min(4, len);
                return Fault.drop(s.from() + r.nextInt((int) (len - n + 1)), n);
            }
            case TRUNCATE:
                return Fault.truncate(s.from() + r.nextInt((int) len));
            case DELAY:
                return Fault.delay(s.from(), SHORT_DELAY);
            case LONG_DELAY:
                return Fault.delay(s.from(), LONG_DELAY);
            case STALL:
                return Fault.stall(s.from() + r.nextInt((int) len));
            case TRICKLE:
                return Fault.trickle(s.from(), HostileSessions.TIMEOUT.dividedBy(2));
            case REPLAY: {
                long at = s.from() + 1 + r.nextInt((int) len - 1);
                return Fault.replay(at, (int) Math.min(8, at));
            }
            default: {
                int n = (int) Math.max(1, Math.min(8, len / 2));
                return Fault.reorder(s.from() + r.nextInt((int) (len - 2 * n + 1)), n);
            }
        }
    }

    /** What each case must end with; see docs/security.md for why. */
    static Expect expect(Where w, Attack a) {
        switch (a) {
            case DELAY:
                return Expect.BOTH_CORRECT;
            case FLIP:
            case REORDER:
                return Expect.EITHER;
            case REPLAY:
                // Bytes replayed into the last flight of the state exchange shift its end past
                // what the receiver reads: the states may differ (their resumption is checked).
                return w.saving() ? Expect.EITHER : Expect.FAILURE;
            default:
                return Expect.FAILURE;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyMessageUnderEveryFault() {
        List<Case> cases = cases();
        List<Future<Outcome>> runs = new ArrayList<>();
        for (Case c : cases) {
            Scenario sc = HostileSessions.standard();
            runs.add(POOL.submit(() -> HostileSessions.run(c.name(), sc, c.where().script, c.where(), c.fault(),
                    sc.honestStates(), c.transport())));
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Future<Outcome> run = runs.get(i);
            tests.add(dynamicTest(c.name(), () -> {
                Outcome o = run.get(HostileSessions.limit(c.fault()).toSeconds() + 60, TimeUnit.SECONDS);
                List<String> problems = new ArrayList<>(HostileJudge.problems(o, c.expect()));
                if (o.bothOk() && c.where().saving()) {
                    problems.addAll(HostileJudge.resumeProblems(o.scenario(), o.side(Party.CREATOR).value(),
                            o.side(Party.EVALUATOR).value()));
                }
                assertEquals(List.of(), problems, o.describe());
            }));
        }
        return tests.stream();
    }
}
