package io.gcstream.ot;

import io.gcstream.ot.internal.base.BaseOt;
import io.gcstream.ot.internal.base.ChouOrlandi;
import io.gcstream.ot.internal.base.NaorPinkas;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.Locale;

/** The base-OT protocols on offer (both semi-honest, ~128-bit security). */
public enum BaseOtProtocol {
    /**
     * {@link ChouOrlandi}: Chou-Orlandi "simplest OT" on edwards25519, two flows, the default
     * (about twice as fast as Naor-Pinkas here).
     */
    CHOU_ORLANDI("chou-orlandi"),
    /** {@link NaorPinkas} on P-256, three flows; kept for comparison. */
    NAOR_PINKAS("naor-pinkas");

    private final String id;

    BaseOtProtocol(String id) {
        this.id = id;
    }

    /** Lower-case name, as in docs and error messages ("chou-orlandi", "naor-pinkas"). */
    public String id() {
        return id;
    }

    /** An instance of the protocol using {@code threads} threads and the given randomness. */
    public BaseOt create(int threads, Prg random) {
        return this == CHOU_ORLANDI ? new ChouOrlandi(threads, random)
                : new NaorPinkas(threads, random);
    }

    /**
     * Starts the protocol's one-time precomputation, if any, on a background thread and returns
     * at once (Chou-Orlandi: the table of G, once per JVM), so that a caller can overlap it with
     * its own start-up, e.g. the session handshake. Optional; idempotent.
     */
    public void prepare() {
        if (this == CHOU_ORLANDI) {
            ChouOrlandi.prepare();
        }
    }

    /** The protocol named {@code id} (case-insensitive), or an error listing the names. */
    public static BaseOtProtocol parse(String id) {
        for (BaseOtProtocol p : values()) {
            if (p.id.equals(id.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown base OT '" + id
                + "' (expected chou-orlandi or naor-pinkas)");
    }
}
