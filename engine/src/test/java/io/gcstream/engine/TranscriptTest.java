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
        Scheme.HALF_GATES, "e363a91a7174f64c91d123cd77d97958d10949beaca043a558fa756d4fbdc50a e8997d684985af15aacf34692f338bc8769adf4c08f4ecfd421d089b4319fe49",
        Scheme.GRR3, "898f72171f29fae7aebf60ad4abee1db0de19353bd09aa7848f161138936e7c8 ab323ffbf06c01649b089fbde25458508b4b3022c62c577c264f0a5ccc6ef6d0",
        Scheme.THREE_HALVES, "7439e06ed0a76e577c79ff014200aaa03d28bedfa679fc8f6cd45edbfa7633a1 c4c4f8190085f8821def4ebaf166ab76ae5778a650dd183320a16f48abf57b90");

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
        // A plain run (its inputs by direct base OTs), a run that keeps the evaluator's outputs
        // (which sets the OT extension up), one that feeds them to the creator's inputs and
        // keeps the creator's outputs, and saving those: every message kind.
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
