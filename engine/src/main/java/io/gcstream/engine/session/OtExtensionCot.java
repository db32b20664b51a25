package io.gcstream.engine.session;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;

/**
 * Correlated OT by OT extension (module ot): 128 Naor–Pinkas base OTs once per session, then
 * IKNP extension with Δ = the garbling Δ of each run, so the creator's OT output x_i is
 * directly the 0-label of evaluator input i.
 */
public final class OtExtensionCot implements CorrelatedOt {
    private final OtOptions options;

    /** OT extension with these OT-layer options. */
    public OtExtensionCot(OtOptions options) {
        this.options = options;
    }

    /**
     * OT extension with default OT options, or (tests) all OT randomness derived from
     * {@code testSeed} of the session; insecure then by design.
     */
    public static OtExtensionCot forSession(java.util.OptionalLong testSeed, boolean creator) {
        if (testSeed.isEmpty()) {
            return new OtExtensionCot(OtOptions.defaults());
        }
        Prg p = new Prg(testSeed.getAsLong(), creator ? 0x4f54_43L : 0x4f54_45L);
        byte[] seed = new byte[16];
        p.nextBytes(seed, 0, 16);
        return new OtExtensionCot(OtOptions.builder().insecureTestSeed(seed).build());
    }

    @Override
    public Sender setupSender(Channel channel, Prg prg) throws IOException {
        OtExtensionSender s = OtExtensionSender.setup(channel, options);
        return s::correlated;
    }

    @Override
    public Receiver setupReceiver(Channel channel, Prg prg) throws IOException {
        OtExtensionReceiver r = OtExtensionReceiver.setup(channel, options);
        return r::correlated;
    }
}
