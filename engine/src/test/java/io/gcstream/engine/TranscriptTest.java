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
        Scheme.HALF_GATES, "42b6efa6ca41c3ea2ecc7722e3aeea76b0f266cf2744e1b527707d4add5f579c a73470aaa8552c64ba3451bb58eea6b3ec79e6c712458539188b691a435abf43",
        Scheme.GRR3, "7e70defd45814aefb4ba1fc0b4dec452444f1ec928ac9d96129ec9dd2565b833 2e31c02bd074ec44760dc861a1b86a1c2eac70104173f0bed2fac0ab9b2ef1e8",
        Scheme.THREE_HALVES, "dc9cdf87b56a43b2597ddbbd58427e320c6bb8aa09027938aae6d550c3caf798 99dddd59db77cd2a753bb9db55f3771e5df1a5fd5fbdb7c372478716eba44b8a");

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void pinnedTranscriptHashes(Scheme scheme) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
        MemoryChannel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
        TranscriptChannel a = new TranscriptChannel(ch[0]);
        TranscriptChannel b = new TranscriptChannel(ch[1]);
        // A plain run, a run that keeps the evaluator's outputs, one that feeds them to the
        // creator's inputs and keeps the creator's outputs, and saving those: every message kind.
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
        // A new scheme fails here with its hashes in the message: pin them in PINS.
        assertEquals(PINS.get(scheme), a.sentHash() + " " + b.sentHash(),
                scheme + ": creator -> evaluator and evaluator -> creator transcripts");
    }
}
