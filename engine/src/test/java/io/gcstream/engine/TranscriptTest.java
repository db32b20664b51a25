package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.channel.TranscriptChannel;
import io.gcstream.ot.channel.MemoryChannel;
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
        Scheme.HALF_GATES, "d5cc9463179ae3de994f29de916b33cb87da9938470421aae136bf858d396c2c 3b582b32817a80e2d31ed87e76b237164ea83bc1a9ba12bb9e51bcbaa75174d1",
        Scheme.GRR3, "49bc7a588317657c71ca15aae4eead5f2d5999a9900899a5a57d24f8d4d77568 dac39f9bdff57819395ff42c5c4452d5383e484e3a4e00094953bace36ba6fec",
        Scheme.THREE_HALVES, "f85d2dc0702d26474d08ff2d34beba75208736f13e41fee5daf319f460bc559e f07d1b16bfcbb6b8d234c4528b09272c46bb9202f2827b656238f5e0b2261612");

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void pinnedTranscriptHashes(Scheme scheme) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
        MemoryChannel[] ch = MemoryChannel.pair(o.channelOptions());
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
