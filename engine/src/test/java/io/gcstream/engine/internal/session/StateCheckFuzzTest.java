package io.gcstream.engine.internal.session;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.engine.SessionException;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of {@link StateCheck#read}, the saved-state part of the session
 * hello, fed as the peer's side of a channel ({@link PeerBytes}); a check that parses is
 * compared with this side's, resumed or not. Seeds under {@code StateCheckFuzzTestInputs/}.
 */
class StateCheckFuzzTest {
    private static final StateCheck RESUMED = StateCheck.resumed(List.of(
            new StateCheck.Candidate(new byte[16], 7, new byte[32], new byte[32], true, false),
            new StateCheck.Candidate(java.util.Arrays.copyOf(new byte[] {1}, 16), 6, new byte[32], new byte[32], false, true)), true);

    /** The three kinds this project writes. */
    static Stream<byte[]> seeds() throws IOException {
        return Stream.of(PeerBytes.capture(StateCheck.none()::write), PeerBytes.capture(RESUMED::write),
                PeerBytes.capture(StateCheck.unusable("state file s.state: disk full", "its state file cannot be used")::write));
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        StateCheck peer;
        try (Channel ch = PeerBytes.channel(data)) {
            peer = StateCheck.read(ch, "evaluator");
        } catch (IOException | SessionException e) {
            PeerBytes.requireCleanFailure(e);
            return;
        }
        StateCheck.none().decide(peer).problems().forEach(PeerBytes::requirePrintable);
        RESUMED.decide(peer).problems().forEach(PeerBytes::requirePrintable);
        peer.decide(RESUMED).problems().forEach(PeerBytes::requirePrintable);
    }
}
