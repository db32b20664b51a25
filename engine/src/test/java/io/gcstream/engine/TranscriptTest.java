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
        Scheme.HALF_GATES, "0295403d4473357452f334ce301d29fe7d66bb52eca53a0877a1024f2358dfe9 893b5dd96df80a4bc4593640060706d4cc801949af046a1d45a4d33fdb2c945c",
        Scheme.GRR3, "b7c0e78603cfb522b1a190ee08b51fb0b18050190f5b48b3ca8f392b80ff5ff6 e95927c04ef210b74d143bb6879fc1eba3831940dae17eb32118c069f69a6724",
        Scheme.THREE_HALVES, "8b2c24083a31c57511d819486f37b76bce55f7576512f3413a675c485f63728f 93699348c93c7bf2dddc4efe352c0c1f3e72dc53fb37f835d0056171d8e4c422");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "488cd035a99f7fb827fe6ad56b0f55b2f12a008335810741f7986ebe777391a4 aa44c7b4255f27f225c1b532220c23fb98a591bb7d7cdc3e50c0524ef73bdbb9";

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

    /** SHA-256 of the creator's and of the evaluator's sent bytes, in a session of four steps under {@code o}. */
    private static String transcripts(SessionOptions o) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
        TranscriptChannel a = new TranscriptChannel(ch[0]);
        TranscriptChannel b = new TranscriptChannel(ch[1]);
        // A plain run (in a single-run session: its inputs by direct base OTs), a run that keeps
        // the evaluator's outputs (there: it sets the OT extension up), one that feeds them to
        // the creator's inputs and keeps the creator's outputs, and saving those: every message
        // kind.
        Pairs.Side<Object> side = s -> {
            boolean[] mine = s.role() == Party.CREATOR ? x : y;
            s.run(c, mine);
            RunResult first = s.run(RunSpec.builder(c).keep(Party.EVALUATOR).build(), mine);
            RunSpec feed = RunSpec.builder(c).input(Party.CREATOR, first.kept().get(0)).keep(Party.CREATOR).build();
            RunResult second = s.run(feed, s.role() == Party.CREATOR ? Arrays.copyOf(x, 4) : y);
            s.exportState(second.kept());
            return null;
        };
        List<Pairs.Result<Object>> out = Pairs.both(GcSession.creator(a, o), side, GcSession.evaluator(b, o), side);
        out.get(0).get();
        out.get(1).get();
        return a.sentHash() + " " + b.sentHash();
    }
}
