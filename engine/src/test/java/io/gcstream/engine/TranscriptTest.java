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
        "HALF_GATES, 67ab413622a111ba47ac1e65bfb230bc180831653a421a23bce96bc672d7ad06, b9cc0f57f5e44d1a416e5113ce370639ecd18b5f54100f1f7d0dea7497fa2d0a",
        "GRR3, 0d64187a2938284a17568066e1e5ba6cf0afd6efa321d63c8774d7c62ce268e8, bd5308dd4e55e0ab7286baddf98bd8da2b49bc9d3aaeadb84698fb7ae166c1ae",
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
