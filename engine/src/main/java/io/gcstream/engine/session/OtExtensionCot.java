package io.gcstream.engine.session;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;

/**
 * Correlated OT by OT extension (module ot): base OTs once per session, then IKNP extension
 * with Δ = the garbling Δ of each run.
 */
public final class OtExtensionCot implements CorrelatedOt {
    /** The shared instance. */
    public static final OtExtensionCot INSTANCE = new OtExtensionCot();

    private OtExtensionCot() {
    }

    @Override
    public Sender setupSender(Channel channel, Prg prg) throws IOException {
        throw new UnsupportedOperationException("OT extension is not available yet (module ot)");
    }

    @Override
    public Receiver setupReceiver(Channel channel, Prg prg) throws IOException {
        throw new UnsupportedOperationException("OT extension is not available yet (module ot)");
    }
}
