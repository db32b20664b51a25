package io.gcstream.ot;

import io.gcstream.ot.internal.base.BaseOt;
import io.gcstream.ot.internal.base.ChouOrlandi;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.Locale;

/**
 * The base-OT protocols on offer (semi-honest, ~128-bit security): Chou–Orlandi alone, which
 * runs in constant time and hashes under its own domain (docs/ot.md says why not Naor–Pinkas).
 * The OT-extension header names the protocol, so a peer offering another one is refused on both
 * sides.
 */
public enum BaseOtProtocol {
    /**
     * {@link ChouOrlandi}: Chou-Orlandi "simplest OT" on edwards25519, two flows, constant-time
     * products and table reads, under the OT extension's own hash domain.
     */
    CHOU_ORLANDI("chou-orlandi");

    private final String id;

    BaseOtProtocol(String id) {
        this.id = id;
    }

    /** Lower-case name, as in docs and error messages ("chou-orlandi"). */
    public String id() {
        return id;
    }

    /** An instance of the protocol using {@code threads} threads and the given randomness. */
    public BaseOt create(int threads, Prg random) {
        return new ChouOrlandi(threads, random);
    }

    /**
     * Starts the protocol's one-time precomputation on a background thread and returns at once
     * (Chou-Orlandi: the table of G, once per JVM), so that a caller can overlap it with its own
     * start-up, e.g. the session handshake. Optional; idempotent.
     */
    public void prepare() {
        ChouOrlandi.prepare();
    }

    /** The protocol named {@code id} (case-insensitive), or an error listing the names. */
    public static BaseOtProtocol parse(String id) {
        for (BaseOtProtocol p : values()) {
            if (p.id.equals(id.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown base OT '" + id + "' (expected chou-orlandi)");
    }
}
