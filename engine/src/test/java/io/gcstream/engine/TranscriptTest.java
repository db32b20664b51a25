package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TranscriptChannel;
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
        Scheme.HALF_GATES, "db0d699647db55b6b2e1da731b785c10e692bcc445570d2c0879946ced9f08f9 a2305adc40fd400e301bbb5d5d33a1977ad6cf45b0b8fe74a6075f4680822240",
        Scheme.GRR3, "567c6345149da6362b14b842d58a5c957de0783c0de6bb8c0328b166ab8c560b 4129a8c655ec2bae80d5eba9011cb7a9a5a8245ba84edd5c5524dec7915c4975",
        Scheme.THREE_HALVES, "4650716b6e923b787d91f23f76f1372af3348abb82cee2587480d3190c3a4dcf 4df73abadff5c516bbd24cf86df828cb2b7cb3e07ab8ba8f665ecf3ef57095bb");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "e7fdd300684fbc820c5f72d3a708ffb3058b1c47242698a3b0b2c5a1991a80a8 739c5b4b584d107e4e1d74e331a7af3d41565004cd9cd51dfaa8425e48b2b977";

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
        Scheme.HALF_GATES, "d818b9b22c1242f07b01c7a662b2b1261df1aa9086514afaec3d6fbe0ebebe1c 287d5e4d45260c4f914afb15a904e2d32aaf5a96bcbc99a15ea45c0d4deb669b",
        Scheme.GRR3, "b7291569a9802202e56c67ba7d9682f59b3ab948f256ae9e7e987da9a44c6ddd e0560e8d817306e9aae2b9041710287f33a5889af747e210fba0c5fe116778bd",
        Scheme.THREE_HALVES, "5657a1a98cab20f5a6bafb0fdb37bcd6afd6a0640b48881d7d48becf5a5a0a89 5f53fb1e1fc0e80f274b8919b02ee663563ca08204fcd96090a1beed4ca4be17");

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
    private static final String RUNS_AHEAD_PIN = "349816e38d83d210b328065b45c938b86fa2df98bf579d399c53da140f648951 1784bcf473d50e847654ed30ef174befee771283db74e4572ea9ad856e74a46d";

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
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(co.timeout()).build());
        TranscriptChannel a = new TranscriptChannel(ch[0]);
        TranscriptChannel b = new TranscriptChannel(ch[1]);
        try (GcSession c = GcSession.creator(a, co); GcSession e = GcSession.evaluator(b, eo)) {
            List<Pairs.Result<Object>> out = Pairs.both(c, side, e, side);
            out.get(0).get();
            out.get(1).get();
        }
        return a.sentHash() + " " + b.sentHash();
    }
}
