package io.gcstream.engine.internal.session;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.SessionException;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of {@link RunHeader#read}, fed as the peer's side of a channel
 * ({@link PeerBytes}); a header that parses is compared with this side's. Seeds under
 * {@code RunHeaderFuzzTestInputs/}; docs/security.md ("Fuzzing") gives the long-run command.
 */
class RunHeaderFuzzTest {
    private static final Circuit AND = Circuits.builder().creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(2)
            .numSlots(3).body(new Body.Builder().gate(2, 0, 1, TruthTable.AND).build()).build();
    private static final RunHeader OURS = RunHeader.of(0, Party.CREATOR, RunPlan.of(AND), AND.hash());

    /** Headers this project writes: a plain run, one keeping outputs and taking kept values, one running ahead. */
    static Stream<byte[]> seeds() throws IOException {
        RunPlan keep = RunPlan.builder(AND).fresh(Party.CREATOR, 1).fresh(Party.EVALUATOR, 1)
                .keep(Party.EVALUATOR, 0, 1).build();
        return Stream.of(PeerBytes.capture(OURS::write),
                PeerBytes.capture(RunHeader.of(5, Party.EVALUATOR, keep, AND.hash())::write),
                PeerBytes.capture(RunHeader.of(6, Party.EVALUATOR, RunPlan.of(AND), AND.hash(), RunHeader.AHEAD)::write));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        RunHeader peer;
        try (Channel ch = PeerBytes.channel(data)) {
            peer = RunHeader.read(ch, "creator");
        } catch (IOException | SessionException e) {
            PeerBytes.requireCleanFailure(e);
            return;
        }
        peer.freshBits(Party.CREATOR);
        peer.freshBits(Party.EVALUATOR);
        OURS.differences(peer, Party.CREATOR).forEach(PeerBytes::requirePrintable);
    }
}
