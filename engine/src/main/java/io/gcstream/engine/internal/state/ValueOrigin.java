package io.gcstream.engine.internal.state;

import io.gcstream.circuits.Party;
import java.util.HexFormat;

/**
 * Where a kept or saved value came from: its circuit's hash and the range of a party's outputs,
 * as a state file records it; {@code SessionState.Origin} shows it to a caller.
 */
public record ValueOrigin(byte[] circuitHash, Party party, int from, int width) {
    public ValueOrigin {
        circuitHash = circuitHash.clone();
    }

    @Override
    public byte[] circuitHash() {
        return circuitHash.clone();
    }

    /** "creator outputs [0, 32) of circuit 3fa2…" (the first 8 bytes of the hash). */
    @Override
    public String toString() {
        return (party == Party.CREATOR ? "creator" : "evaluator") + " outputs [" + from + ", "
                + (from + width) + ") of circuit "
                + HexFormat.of().formatHex(circuitHash, 0, Math.min(8, circuitHash.length)) + "…";
    }
}
