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
        Scheme.HALF_GATES, "1a5f1f57ae779b27ce629cace08e8b5fd6ce19e9dfffb77d7b1aa329b07d94cd 19dc081f9028edbdc068ba797fbafca522add739c5db345e7c996f7d81cd284a",
        Scheme.GRR3, "bf214278016734a2ff911e9bdcb8c6edebc7664239c96fe4ec1215bd9075ae05 7795f6deb94ffaaf2d16370d4d777ee9c9157cfebaf45b8a52570dbf05ac3e5c",
        Scheme.THREE_HALVES, "bb392a0624ea222cabda77b9d6db90c6c4e473cce358892f0e3b273ec1613660 ea3ea675e1cc79aaefd127978d70a0fbd13c21096b5ab324d62ef185add35efa");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "31dd90f7dbd283eed1477cde4b3d84c66db04d0eb7788637172a301fb1e01d86 173723caae37b4ee1c5a6f240e891f0c703b46cfac86163555e151adb34f0459";

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
        Scheme.HALF_GATES, "3d5fbb502780611302456f331674424d08732d5fc97a8c5c5545c699eeb94b66 a094a3d064daf9a120a4569b40c590c385384f9891b7dc1b78a27b502efa43e6",
        Scheme.GRR3, "7f7ef230eb6a33529268736c4c754b9aa2dcb22c21ca345639b3e29d190a7018 871c3607e840ce324f82c5f59666becdc987343540bc14b40d22589894af2344",
        Scheme.THREE_HALVES, "f25044cd28689a6ef4aca7768c61216b414166a3149037dadffee9741f7da5d4 4ca6ba35b21d72fd33c6bd6ae92f9d8401c4a02c3179bf49a4936ced83aac479");

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
