package io.gcstream.engine.internal.session;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;

/**
 * Correlated OT by OT extension (module ot): 128 base OTs once per session, in which the
 * creator's secret choice string s is the session's garbling Δ, then IKNP extension in its
 * cheapest form ({@code correlatedSessionDelta}): the creator's rows x_i are directly the
 * 0-labels of the evaluator's inputs and the evaluator's rows x_i ⊕ c_i·Δ its active labels;
 * only the evaluator's matrix is sent (16 bytes per input bit), nothing comes back. The
 * labels are not hashed here: every use of them goes through the garbling hash, which is
 * correlation robust (as in EMP-toolkit). Internal.
 */
public final class OtExtensionCot implements CorrelatedOt {
    private final OtOptions options;

    /** OT extension with these OT-layer options. */
    public OtExtensionCot(OtOptions options) {
        this.options = options;
    }

    /**
     * OT extension with blocks of {@code blockSize} OTs and otherwise default OT options, or
     * (tests) all OT randomness derived from {@code testSeed} of the session; insecure then by
     * design.
     */
    public static OtExtensionCot forSession(java.util.OptionalLong testSeed, int blockSize) {
        return forSession(testSeed, blockSize, 1);
    }

    /** As {@link #forSession(java.util.OptionalLong, int)}, the extension on {@code threads} threads. */
    public static OtExtensionCot forSession(java.util.OptionalLong testSeed, int blockSize, int threads) {
        OtOptions.Builder o = OtOptions.builder().blockSize(blockSize).threads(threads);
        // The OT extension derives each role's randomness from the seed (the creator is its sender).
        testSeed.ifPresent(o::insecureTestSeed);
        return new OtExtensionCot(o.build());
    }

    @Override
    public Sender setupSender(Channel channel, Prg prg, long deltaLo, long deltaHi) throws IOException {
        OtExtensionSender s = SessionDeltaOt.setup(channel, options, deltaLo, deltaHi);
        return new Sender() {
            @Override
            public void correlated(int n, long[] out, int off) throws IOException {
                SessionDeltaOt.correlated(s, n, out, off);
            }

            @Override
            public void close() {
                s.close();
            }
        };
    }

    @Override
    public Receiver setupReceiver(Channel channel, Prg prg) throws IOException {
        OtExtensionReceiver r = OtExtensionReceiver.setup(channel, options);
        return new Receiver() {
            @Override
            public void correlated(boolean[] choices, int cOff, int n, long[] out, int off) throws IOException {
                SessionDeltaOt.correlated(r, choices, cOff, n, out, off);
            }

            @Override
            public void close() {
                r.close();
            }
        };
    }
}
