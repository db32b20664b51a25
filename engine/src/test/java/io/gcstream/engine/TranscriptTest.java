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
        Scheme.HALF_GATES, "e4663332ca3723e7d3f13b311e9de77260158275d7fcd390e5b575b37c51d3d5 f7b1e7af9dab8866306fb18e813b7b71934eeef2cb148c211c89f95791eba40c",
        Scheme.GRR3, "9f89c02790c07e9819ab30612e23a09b03dc58854268aa08257767549cbef6ab 76327253703a0071467938a61bb63bcb60a6f34c2d8b98192ee0c33b9283e8bf",
        Scheme.THREE_HALVES, "2926c95db6da532775f9d5e288a89beacc6f9b06a4bb9a036a40097214cedbe4 54ac6594d76fce5493c03dc1dc85307aafceeedd6939d37d320350da0f1e623a");

    /** Half-gates in a session planned as a single run (direct base OTs, then the extension in run 1). */
    private static final String SINGLE_RUN_PIN = "e66a15cbbd8dcb2eac48a842301886f369e8f1978d4256a22a653446d508d6f4 8afc663b646fa31be57ac4ced9ea43cc1bab20d1c260e4618246cf3def886a18";

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
