package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TranscriptChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * With fixed seeds the bytes on the wire are fixed: a change to anything sent (message order,
 * hash, labels, OT) shows up here as a changed SHA-256. Update the pins deliberately, and say
 * why in the commit message. The transcript includes the OT-extension messages (module ot) and
 * the circuit's fingerprint (the circuit model's canonical hash once it has one), so changes
 * there move the pins too.
 */
class TranscriptTest {
    /** Per scheme: SHA-256 of the creator's and of the evaluator's sent bytes. */
    private static final Map<Scheme, String> PINS = Map.of(
        Scheme.HALF_GATES, "e1e8caa2c0b0ef87ac60eeafdcf29cc4b86784bfbb1b1341c4c2364020246222 5bcdf8090b91cfa2af6fb9762e21812a0518957fd5d964d735b587abf317e061",
        Scheme.GRR3, "d66d4250c77d6e77e092b9b29b8e2608a7c49c80a0b9f28b1caa6c07169318ee de11cf4b4580d67679eca6a5528d8e1dfc96da313937f3525ddc6e3913d0d064",
        Scheme.THREE_HALVES, "dc04a7fd669d060a9e6b6bb88169a31c6a6c7e5f25b01c78528e292d1c0a3255 795423906b13ca5dbc3c22b1e6745813ddd77a0d9f1afad78921460372325ed6");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "4282a7158421121684d259070285896a8449819a476b55a8808315dc390de869 bdfa42390f1edf6f283faf37f69cba5f6d09c3c78cc07f4b6788b9bb7439554a";

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void pinnedTranscriptHashes(Scheme scheme) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
        // A new scheme fails here with its hashes in the message: pin them in PINS.
        assertEquals(PINS.get(scheme), transcripts(o), scheme + ": creator -> evaluator and evaluator -> creator transcripts");
    }

    @Test
    void pinnedTranscriptOfASingleRunSession() throws Exception {
        SessionOptions o = SessionOptions.builder().seed(7).singleRun(true).build();
        assertEquals(SINGLE_RUN_PIN, transcripts(o), "single run: creator -> evaluator and evaluator -> creator transcripts");
    }

    /**
     * Per scheme, the transcripts of two runs of a circuit with split calls and wide AND levels
     * ({@link RandomCircuits#parted}) and one with 6,000 evaluator inputs (split OT-extension
     * blocks): what {@link #threadCountsChangeNoByteOnTheWire} compares.
     */
    private static final Map<Scheme, String> SPLIT_PINS = Map.of(
        Scheme.HALF_GATES, "73b50e8b0d5323a210cbb2d5f772fabebb335baf839896e6f96535a573cfcf26 40cd1c709736e442aacbb086ab7eb694c3a10c501504ed2421fe78bcbcec11e5",
        Scheme.GRR3, "3a6065b448d2bfa0289940b9f388c557f46874914e279f0d0bbf3d4b3852820f e4c0c361b20f68533bb25bfe82412e9bc86ff5627b5149a246b5d09916ce7853",
        Scheme.THREE_HALVES, "dde0fe3c755e36c0537b20fd7fddb056c4f13413c4698cf856aa52164b77a7ab 228cc48f9cf406dee88d1aa14c802c71b7750f7547d65f42f5567cc447a91c97");

    /**
     * The bytes on the wire do not depend on either party's thread count, so a creator and an
     * evaluator with different counts work together: the pinned transcripts, and those of a
     * circuit whose calls and flushes are split between threads.
     */
    @ParameterizedTest
    @CsvSource({"1, 1", "8, 1", "1, 8", "3, 2"})
    void threadCountsChangeNoByteOnTheWire(int creatorThreads, int evaluatorThreads) throws Exception {
        for (Scheme scheme : Scheme.values()) {
            SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
            SessionOptions co = o.toBuilder().threads(creatorThreads).build();
            SessionOptions eo = o.toBuilder().threads(evaluatorThreads).build();
            assertEquals(PINS.get(scheme), transcripts(co, eo), scheme + ", " + creatorThreads + " / "
                    + evaluatorThreads + " threads");
            Circuit parted = RandomCircuits.parted(new Random(2025), 5, 80);
            Random r = new Random(2026);
            boolean[] x = RandomCircuits.bits(r, parted.creatorInputCount());
            boolean[] y = RandomCircuits.bits(r, parted.evaluatorInputCount());
            boolean[] x2 = RandomCircuits.bits(r, parted.creatorInputCount());
            boolean[] y2 = RandomCircuits.bits(r, parted.evaluatorInputCount());
            Circuit wide = SessionThreadsTest.manyInputs();
            boolean[] x3 = RandomCircuits.bits(r, wide.creatorInputCount());
            boolean[] y3 = RandomCircuits.bits(r, wide.evaluatorInputCount());
            Pairs.Side<Object> twice = s -> {
                boolean creator = s.role() == Party.CREATOR;
                s.run(parted, creator ? x : y);
                s.run(parted, creator ? x2 : y2);
                s.run(wide, creator ? x3 : y3);
                return null;
            };
            assertEquals(SPLIT_PINS.get(scheme), transcripts(co, eo, twice), scheme + ", circuit with split calls, "
                    + creatorThreads + " / " + evaluatorThreads + " threads");
        }
    }

    /** Half-gates, four runs of a circuit without creator outputs by runMany: the evaluator runs ahead. */
    private static final String RUNS_AHEAD_PIN = "3616fe052dbb99003f476cfd78259cc7b54dab5e9d009eb2947afd0fa22d2771 98b40debf73fe756941b3dca77de9d553575c28429d6ae107c27976f1a12c6ea";

    @Test
    void pinnedTranscriptOfRunsAhead() throws Exception {
        SessionOptions o = SessionOptions.builder().seed(7).build();
        Random r = new Random(2025);
        Circuit c = RandomCircuits.generate(r, 8, 8, 0, 4, 400);
        List<boolean[]> x = List.of(RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8),
                RandomCircuits.bits(r, 8));
        List<boolean[]> y = List.of(RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8),
                RandomCircuits.bits(r, 8));
        Pairs.Side<Object> side = s -> {
            s.runMany(RunSpec.of(c), 4, (s.role() == Party.CREATOR ? x : y)::get, res -> { });
            return null;
        };
        assertEquals(RUNS_AHEAD_PIN, transcripts(o, o, side), "runs ahead: creator -> evaluator and evaluator -> creator transcripts");
    }

    /**
     * Runs garbled and evaluated beside each other on threads of their own (runMany with 2 or
     * more threads) send the bytes of runs one after another: the pinned runs-ahead transcript,
     * and for every scheme ten runs of a circuit with calls and one of a stream larger than a
     * run holds, whatever either side's thread count.
     */
    @ParameterizedTest
    @CsvSource({"2, 2", "8, 1", "1, 8", "3, 2", "2, 8"})
    void runsBesideEachOtherChangeNoByteOnTheWire(int creatorThreads, int evaluatorThreads) throws Exception {
        SessionOptions o = SessionOptions.builder().seed(7).build();
        Random r = new Random(2025);
        Circuit c = RandomCircuits.generate(r, 8, 8, 0, 4, 400);
        List<boolean[]> x = List.of(RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8),
                RandomCircuits.bits(r, 8));
        List<boolean[]> y = List.of(RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8), RandomCircuits.bits(r, 8),
                RandomCircuits.bits(r, 8));
        Pairs.Side<Object> side = s -> {
            s.runMany(RunSpec.of(c), 4, (s.role() == Party.CREATOR ? x : y)::get, res -> { });
            return null;
        };
        long[] beside = new long[2];
        assertEquals(RUNS_AHEAD_PIN, transcripts(o.toBuilder().threads(creatorThreads).build(),
                o.toBuilder().threads(evaluatorThreads).build(), side, beside), "runs ahead, " + creatorThreads + " / "
                + evaluatorThreads + " threads");
        assertEquals(creatorThreads > 1 ? 2 : 0, beside[0], "creator's runs beside another");
        assertEquals(evaluatorThreads > 1 ? 3 : 0, beside[1], "evaluator's runs beside another");
        Circuit withCalls = RandomCircuits.generate(r, 3, 5, 0, 3, 2000);
        Circuit longer = SessionThreadsTest.chain(50_000);
        List<boolean[]> in = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            in.add(RandomCircuits.bits(r, 8));
        }
        Pairs.Side<Object> more = s -> {
            boolean creator = s.role() == Party.CREATOR;
            s.runMany(RunSpec.of(withCalls), 10, i -> Arrays.copyOf(in.get(i + (creator ? 0 : 10)), creator ? 3 : 5),
                    res -> { });
            s.runMany(RunSpec.of(longer), 4, i -> creator ? new boolean[] {i % 2 == 0} : in.get(20 + i), res -> { });
            return null;
        };
        for (Scheme scheme : Scheme.values()) {
            SessionOptions so = SessionOptions.builder().scheme(scheme).seed(7).build();
            String one = transcripts(so, so, more);
            assertEquals(one, transcripts(so.toBuilder().threads(creatorThreads).build(),
                    so.toBuilder().threads(evaluatorThreads).build(), more, beside), scheme + ", "
                    + creatorThreads + " / " + evaluatorThreads + " threads");
            assertEquals(creatorThreads > 1 ? 8 + 2 : 0, beside[0], scheme + ": creator's runs beside another");
            assertEquals(evaluatorThreads > 1 ? 9 + 3 : 0, beside[1], scheme + ": evaluator's runs beside another");
        }
    }

    /** SHA-256 of the creator's and of the evaluator's sent bytes, in a session of four steps under {@code o}. */
    private static String transcripts(SessionOptions o) throws Exception {
        return transcripts(o, o);
    }

    /** As {@link #transcripts(SessionOptions)}, the creator under {@code co}, the evaluator under {@code eo}. */
    private static String transcripts(SessionOptions co, SessionOptions eo) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        // A plain run (in a single-run session: its inputs by direct base OTs), a run that keeps
        // the evaluator's outputs (there: it sets the OT extension up), one that feeds them to
        // the creator's inputs and keeps the creator's outputs, and saving those: every message
        // kind.
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("gc-transcript");
        io.gcstream.engine.internal.state.StateCipher.iterationsForTests(1000);
        Pairs.Side<Object> side = s -> {
            boolean[] mine = s.role() == Party.CREATOR ? x : y;
            s.run(c, mine);
            RunResult first = s.run(RunSpec.builder(c).keep(Party.EVALUATOR).build(), mine);
            RunSpec feed = RunSpec.builder(c).input(Party.CREATOR, first.kept().get(0)).keep(Party.CREATOR).build();
            RunResult second = s.run(feed, s.role() == Party.CREATOR ? Arrays.copyOf(x, 4) : y);
            boolean creator = s.role() == Party.CREATOR;
            s.saveState(second.kept(), dir.resolve(creator ? "c" : "e"), creator ? "pw".toCharArray() : null);
            return null;
        };
        return transcripts(co, eo, side);
    }

    /** SHA-256 of the creator's and of the evaluator's sent bytes while both do {@code side}. */
    private static String transcripts(SessionOptions co, SessionOptions eo, Pairs.Side<Object> side) throws Exception {
        return transcripts(co, eo, side, new long[2]);
    }

    /**
     * As {@link #transcripts(SessionOptions, SessionOptions, Pairs.Side)}; {@code beside} gets
     * each side's count of runs computed beside another.
     */
    private static String transcripts(SessionOptions co, SessionOptions eo, Pairs.Side<Object> side, long[] beside)
            throws Exception {
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(co.timeout()).build());
        TranscriptChannel a = new TranscriptChannel(ch[0]);
        TranscriptChannel b = new TranscriptChannel(ch[1]);
        try (GcSession c = GcSession.creator(a, co); GcSession e = GcSession.evaluator(b, eo)) {
            List<Pairs.Result<Object>> out = Pairs.both(c, side, e, side);
            out.get(0).get();
            out.get(1).get();
            beside[0] = c.runsBesideForTests();
            beside[1] = e.runsBesideForTests();
        }
        return a.sentHash() + " " + b.sentHash();
    }
}
