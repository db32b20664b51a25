package io.gcstream.engine;

import java.io.IOException;

/**
 * Tests only: called by {@link GcSession#saveState} at each step of a save, so that a test can
 * make the save fail there (throw an {@link IOException}) or stop as if the process were killed
 * (throw an {@link Error}, which no clean-up catches).
 */
interface SaveHook {
    /** The steps of a save, in order (docs/protocol.md, "Saving state"). */
    enum Step {
        /** Before anything of the save is sent. */
        START,
        /** Counter, values, ids and digests exchanged (11, 12); nothing written yet. */
        HALVES_EXCHANGED,
        /** About to write this side's new half beside its file (a throw here is a failed write). */
        WRITE,
        /** The new half written (or its write failed), not yet told to the peer. */
        WRITTEN,
        /** This side's confirmation (13) sent, the peer's not yet read. */
        CONFIRMED,
        /** Both confirmed: about to mark the resumed state used. */
        PEER_CONFIRMED,
        /** The resumed state marked used; the new half not yet renamed over the file. */
        MARKED,
        /** The new half is this side's current state. */
        COMMITTED
    }

    void at(Step step) throws IOException;
}
