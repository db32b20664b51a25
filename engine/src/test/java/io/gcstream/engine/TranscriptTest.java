package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.engine.testutil.RecordingChannel;
import io.gcstream.ot.channel.MemoryChannel;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With fixed seeds the bytes on the wire are fixed: a change to anything sent (message order,
 * hash, labels, OT) shows up here as a changed SHA-256. Update the pins deliberately, and say
 * why in the commit message. The transcript includes the OT-extension messages (module ot) and
 * the circuit's fingerprint (the circuit model's canonical hash once it has one), so changes
 * there move the pins too.
 */
class TranscriptTest {
    @ParameterizedTest
    @CsvSource({
        "HALF_GATES, 12fa8b86f871ada4f56f4f8efcf9c7efb594cba9605e454e88f731246ddcdcd0, 7b87e6eead00a5e53d2e9bd7ca490c565f28f222be7e7069dfa5c1b99b4eb47b",
        "GRR3, 9f8301d47730486f5a6c5aade0a7d06ccdae3defcee9a2b04783438b7cf1b3ae, 2d545c43ca78a345c586ac97da5c12a49c0f488350d5d1528d7a767cb0d60cac",
    })
    void pinnedTranscriptHashes(Scheme scheme, String creatorPin, String evaluatorPin) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
        MemoryChannel[] ch = MemoryChannel.pair(o.channelOptions());
        RecordingChannel a = new RecordingChannel(ch[0]);
        RecordingChannel b = new RecordingChannel(ch[1]);
        Pairs.Outcome[] out = Pairs.run(GcSession.creator(a, o), GcSession.evaluator(b, o),
                List.of(new Pairs.Job(c, x, y), new Pairs.Job(c, y, x)));
        assertEquals(null, out[0].error());
        assertEquals(null, out[1].error());
        assertEquals(creatorPin + " " + evaluatorPin, a.sentHash() + " " + b.sentHash(),
                "creator -> evaluator and evaluator -> creator transcripts");
    }
}
