package io.gcstream.engine.internal.session;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.circuits.Party;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.ot.channel.Channel;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of the session hello ({@link Handshake#hello}) with the peer's
 * bytes fed through a channel ({@link PeerBytes}), for either role. Seeds under
 * {@code HelloFuzzTestInputs/}.
 */
class HelloFuzzTest {
    /** Hellos as this project writes them (the last byte of the salt picks the role under test). */
    static Stream<byte[]> seeds() throws IOException {
        Stream.Builder<byte[]> out = Stream.builder();
        for (Party p : Party.values()) {
            for (StateCheck state : new StateCheck[] {StateCheck.none(),
                HandshakeTest.resumed(new byte[16], 3, new byte[32], new byte[32])}) {
                out.add(PeerBytes.capture(ch -> {
                    ch.writeInt(Handshake.HELLO_MAGIC);
                    ch.writeInt(Handshake.VERSION);
                    ch.writeInt(p.ordinal());
                    ch.writeInt(GarblingScheme.code(Scheme.HALF_GATES));
                    ch.writeInt(p == Party.CREATOR ? 1 : 0);
                    ch.writeInt(p == Party.CREATOR ? Protocol.DEFAULT_RUNS_AHEAD : Protocol.MAX_RUNS_AHEAD);
                    state.write(ch);
                    ch.writeLong(p == Party.CREATOR ? 0x0100000000000000L : 0);
                    ch.writeLong(p == Party.CREATOR ? 0x0100000000000000L : 0);
                }));
            }
        }
        return out.build();
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void hello(byte[] data) throws IOException {
        Party role = data.length > 0 && (data[data.length - 1] & 1) == 1 ? Party.EVALUATOR : Party.CREATOR;
        try (Channel ch = PeerBytes.channel(data)) {
            Handshake.hello(ch, role, Scheme.HALF_GATES, 1, Protocol.DEFAULT_RUNS_AHEAD, StateCheck.none(), 42, 43);
        } catch (IOException | SessionException e) {
            PeerBytes.requireCleanFailure(e);
        }
    }
}
