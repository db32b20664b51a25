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
        Scheme.HALF_GATES, "176845e7ff6d419b1ab3129b955fcfee95a239f35d4670157fb8e89ec1998eb2 cf77d8d72e7dbe5db53966ed238162a9340314243dfdc8274991d888f53ed732",
        Scheme.GRR3, "66e914cf21987561b50945ec06b9f0fb2c2d0fc280bf8107da15ab1e36050c28 377438487da9019c0e683b6f4e9485ebe5658095ad937e3147d95831747b69d0",
        Scheme.THREE_HALVES, "0b8647e82b8fd3cda973b19048275fb7dd58ca2a9d5da1e050d7bd8557ecdd61 9bce4a68b96476534412f97d9ed3184ab39adaf4a11eda1ff413041f345bd472");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "a673e2acc25fb05b818ef567f374541511cb71fdc7364179b29e714988fc7482 26e1bce732285fc2329c35e5c4027a83004a43ac3235c5017740379de8f33d18";

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
        Scheme.HALF_GATES, "b787e973b6bed3a486127966d30cfe27c1f87b5f1becc40eb978a72687dfb692 006ef0f24c35ef926c727610fd920410f18875fd00b07f37d1391fcce0f1721a",
        Scheme.GRR3, "2b3aa3cbd657a9dda0b03001833c85780b935593487aad247ebc5360b084eeb3 7adcfbe90fe7dc980a0b0069365a3b144bc591fccbad883646c64818a91ebb87",
        Scheme.THREE_HALVES, "12e6cfa3a78a23e4bd59de57f0243569a6fe4335e8d8f2bb352e59a084934312 b7dd1d403c251b85a438707f4fd2bec63c3df0c5dca52e3c98be640726fb2a44");

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
        }
    }

    /** Half-gates, four runs of a circuit without creator outputs by runMany: the evaluator runs ahead. */
    private static final String RUNS_AHEAD_PIN = "69c3b68992176dd9225a0f7219a122f498cb89db7458033401ef31d5ab479897 d9e3b92aebe2c215d728e18442b45584f41b6fb34459e9804e3640219b762690";

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
