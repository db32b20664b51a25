package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.channel.TranscriptChannel;
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
        "HALF_GATES, 6b09e975cce2c5953a9761333e11e37eb051b99465a544c458586c476f9a460d, 1b739c7a0d47656720764fec10be0d8a658aa546b8460a4f83f523644f0dd594",
        "GRR3, 67f091a2020a69f32ddfc876eda569174a4cfb9547419f0c81417c8e1161fafd, f22dadaf57afcd86ca5581dbe945e8caac293003ed739eb95f2b881a41efe526",
    })
    void pinnedTranscriptHashes(Scheme scheme, String creatorPin, String evaluatorPin) throws Exception {
        Random r = new Random(2024);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 400);
        boolean[] x = RandomCircuits.bits(r, 8);
        boolean[] y = RandomCircuits.bits(r, 8);
        SessionOptions o = SessionOptions.builder().scheme(scheme).seed(7).build();
        MemoryChannel[] ch = MemoryChannel.pair(o.channelOptions());
        TranscriptChannel a = new TranscriptChannel(ch[0]);
        TranscriptChannel b = new TranscriptChannel(ch[1]);
        Pairs.Outcome[] out = Pairs.run(GcSession.creator(a, o), GcSession.evaluator(b, o),
                List.of(new Pairs.Job(c, x, y), new Pairs.Job(c, y, x)));
        assertEquals(null, out[0].error());
        assertEquals(null, out[1].error());
        assertEquals(creatorPin + " " + evaluatorPin, a.sentHash() + " " + b.sentHash(),
                "creator -> evaluator and evaluator -> creator transcripts");
    }
}
