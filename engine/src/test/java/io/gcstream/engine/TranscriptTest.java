package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.channel.TranscriptChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
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
        Scheme.HALF_GATES, "e5f009e2861ffb9851781d0cade0f98c84e3b9c885c19a178769c90db88cce11 e54d9dee63aef72d2151415267c4ca702f49ce7770fcb4d43730f9547dfe91a8",
        Scheme.GRR3, "388a49c7e169ba56e774ee6cded6e346cb799cc195d83b626115fcabe6e330e5 4e4a3e43257457861727c2478fe45b0cfb8661be6b7e2018edcb887b6592149d",
        Scheme.THREE_HALVES, "77cb4346843fc20966e16123a5040adb4028cc30f015af29967ae26c20f0b53e 994eca924d66e395fb70c4bddc89dfaa2775ee0acd0b5ae059ed450682442c51");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "de3620c4d94c52b7b69f2c8638fcc8f4a664bb5bb5a2d4a1dfdbae20cc5db752 c445e9f80d9117d7c1388d525503a54f1de2f85ec07e46c42e89d3b320936ec6";

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void pinnedTranscriptHashes(Scheme scheme) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).insecureTestSeed(7).build();
        // A new scheme fails here with its hashes in the message: pin them in PINS.
        assertEquals(PINS.get(scheme), transcripts(o), scheme + ": creator -> evaluator and evaluator -> creator transcripts");
    }

    @Test
    void pinnedTranscriptOfASingleRunSession() throws Exception {
        SessionOptions o = SessionOptions.builder().insecureTestSeed(7).plannedRuns(1).build();
        assertEquals(SINGLE_RUN_PIN, transcripts(o), "single run: creator -> evaluator and evaluator -> creator transcripts");
    }

    /**
     * Per scheme, the transcripts of two runs of a circuit with split calls and wide AND levels
     * ({@link RandomCircuits#parted}) and one with 6,000 evaluator inputs (split OT-extension
     * blocks): what {@link #threadCountsChangeNoByteOnTheWire} compares.
     */
    private static final Map<Scheme, String> SPLIT_PINS = Map.of(
        Scheme.HALF_GATES, "df715a525801197c7d70ea9980f91ec46266e6c760902ce43f8b087c14cb9643 8b7dd2f1d59616c5ab8e4271bac4b943854b8605ae3d1920d71ade9141818584",
        Scheme.GRR3, "92d8bfea3f67a5f702c41a100364d1a73a2aaad8bba4b23099591b249cf08968 71289c1e77d00a0e5375a7a405cc9e334b144c90b78adb8c7053f63e461eae4c",
        Scheme.THREE_HALVES, "4fed4fabc0da317fc18515998210cec90fde3affc4af39545a5e27d8b5c6daac b3ab1051aadfb85647bbec440089eb94c8a72e0c46160b4c56f46c408b12f7f7");

    /**
     * The bytes on the wire do not depend on either party's thread count, so a creator and an
     * evaluator with different counts work together: the pinned transcripts, and those of a
     * circuit whose calls and flushes are split between threads.
     */
    @ParameterizedTest
    @CsvSource({"1, 1", "8, 1", "1, 8", "3, 2"})
    void threadCountsChangeNoByteOnTheWire(int creatorThreads, int evaluatorThreads) throws Exception {
        for (Scheme scheme : Scheme.values()) {
            SessionOptions o = SessionOptions.builder().scheme(scheme).insecureTestSeed(7).build();
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
            // A scheduled circuit, which a team walks in lockstep: the one-thread transcript.
            Circuit scheduled = RandomCircuits.scheduled(new Random(2027), 200, 9);
            boolean[] x4 = RandomCircuits.bits(r, scheduled.creatorInputCount());
            boolean[] y4 = RandomCircuits.bits(r, scheduled.evaluatorInputCount());
            boolean[] x5 = RandomCircuits.bits(r, scheduled.creatorInputCount());
            boolean[] y5 = RandomCircuits.bits(r, scheduled.evaluatorInputCount());
            Pairs.Side<Object> levels = s -> {
                boolean creator = s.role() == Party.CREATOR;
                s.run(scheduled, creator ? x4 : y4);
                s.run(scheduled, creator ? x5 : y5);
                return null;
            };
            SessionOptions one = o.toBuilder().threads(1).build();
            assertEquals(transcripts(one, one, levels), transcripts(co, eo, levels), scheme + ", scheduled circuit, "
                    + creatorThreads + " / " + evaluatorThreads + " threads");
        }
    }

    /** Half-gates, four runs of a circuit without creator outputs by runMany: the evaluator runs ahead. */
    private static final String RUNS_AHEAD_PIN = "2318476df1a6a7ff9b498e27e19a49babadcd0fb50c75649575970e0f95d5180 9399fc8dae336481cb84af3caa033f9bc44de6b036be66487bf3b71d2cfd7ab8";

    @Test
    void pinnedTranscriptOfRunsAhead() throws Exception {
        SessionOptions o = SessionOptions.builder().insecureTestSeed(7).build();
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
     * The runs at once the hello agrees change the order of the runs' messages, the threads
     * never do: eight runs with one run at once and with six, each the same for any threads of
     * either side, and six at once not the default's wire.
     */
    @Test
    void runsAtOnceChangeTheWireAndThreadsDoNot() throws Exception {
        Random r = new Random(2026);
        Circuit c = RandomCircuits.generate(r, 8, 8, 0, 4, 400);
        List<boolean[]> x = new ArrayList<>();
        List<boolean[]> y = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            x.add(RandomCircuits.bits(r, 8));
            y.add(RandomCircuits.bits(r, 8));
        }
        Pairs.Side<Object> side = s -> {
            s.runMany(RunSpec.of(c), 8, (s.role() == Party.CREATOR ? x : y)::get, res -> { });
            return null;
        };
        Map<Integer, String> wire = new HashMap<>();
        for (int atOnce : new int[] {1, 6, SessionOptions.DEFAULT_RUNS_AT_ONCE}) {
            SessionOptions o = SessionOptions.builder().insecureTestSeed(7).runsAtOnce(atOnce).build();
            String first = transcripts(o, o, side);
            for (int[] t : new int[][] {{2, 2}, {8, 1}, {1, 8}, {4, 3}}) {
                assertEquals(first, transcripts(o.toBuilder().threads(t[0]).build(), o.toBuilder().threads(t[1]).build(),
                        side), atOnce + " runs at once, " + t[0] + " / " + t[1] + " threads");
            }
            wire.put(atOnce, first);
        }
        assertEquals(3, new HashSet<>(wire.values()).size(), "each number of runs at once has its wire");
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
        SessionOptions o = SessionOptions.builder().insecureTestSeed(7).build();
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
            SessionOptions so = SessionOptions.builder().scheme(scheme).insecureTestSeed(7).build();
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
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(co.timeout()).build());
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
