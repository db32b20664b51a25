package io.gcstream.engine.internal.session;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of the start of a session's OT: the OT-extension header and the base
 * OTs that follow it, as sender or receiver, with the peer's bytes fed through a channel
 * ({@link PeerBytes}). Seeds under {@code OtHeaderFuzzTestInputs/}.
 */
class OtHeaderFuzzTest {
    /**
     * OT-extension headers (magic "OTX2", role, block size, base-OT protocol) of a sender and
     * a receiver, each followed by a byte that picks the role under test.
     */
    static Stream<byte[]> seeds() throws IOException {
        Stream.Builder<byte[]> out = Stream.builder();
        for (int role = 1; role <= 2; role++) {
            int r = role;
            out.add(PeerBytes.capture(ch -> {
                ch.writeInt(0x3258544f);
                ch.writeInt(r);
                ch.writeInt(OtOptions.DEFAULT_BLOCK_SIZE);
                ch.writeInt(BaseOtProtocol.CHOU_ORLANDI.ordinal());
                ch.write(new byte[] {(byte) (r == 2 ? 1 : 0)}, 0, 1);
            }));
        }
        return out.build();
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void setup(byte[] data) throws IOException {
        boolean sender = data.length > 0 && (data[data.length - 1] & 1) == 1;
        try (Channel ch = PeerBytes.channel(data)) {
            if (sender) {
                OtExtensionSender.setup(ch, OtOptions.builder().build());
            } else {
                OtExtensionReceiver.setup(ch, OtOptions.builder().build());
            }
        } catch (IOException e) {
            PeerBytes.requireCleanFailure(e);
        }
    }
}
