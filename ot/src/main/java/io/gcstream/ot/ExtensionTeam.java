package io.gcstream.ot;

import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.ext.BitMatrix;
import io.gcstream.ot.internal.parallel.Workers;

/**
 * The threads an OT extension's sender or receiver splits its blocks between
 * ({@link OtOptions.Builder#threads threads}): the team, and per thread its own hash and transpose
 * scratch (index 0: the caller's). Package-private plumbing of the two extension classes.
 */
final class ExtensionTeam {
    /**
     * Smallest block whose work is shared between threads (split, or handed whole to one): 4,096
     * OTs (four vectorised transpose groups of words), work far above a hand-off's cost.
     */
    static final int MIN_PARALLEL_OTS = 4096;

    /** The team, or null for one thread. */
    final Workers team;
    final CrHash[] hashes;
    final long[][] tmps;
    private volatile boolean closed;

    /** {@code threads} threads named {@code gcstream-NAME-k}; the caller's hash and scratch first. */
    ExtensionTeam(int threads, String name, CrHash own, long[] ownTmp, int blockSize) {
        this.team = threads > 1 ? new Workers(threads, name) : null;
        this.hashes = new CrHash[threads];
        this.tmps = new long[threads][];
        hashes[0] = own;
        tmps[0] = ownTmp;
        for (int k = 1; k < threads; k++) {
            hashes[k] = new CrHash();
            tmps[k] = BitMatrix.scratch(blockSize / 64);
        }
    }

    /** Whether a block of mb OTs is worth splitting between the threads. */
    boolean parallel(int mb) {
        return team != null && mb >= MIN_PARALLEL_OTS;
    }

    /** Threads of the team. */
    int size() {
        return hashes.length;
    }

    /** Whether the team has workers to hand work to: more than one thread, not closed. */
    boolean teamOpen() {
        return team != null && !closed;
    }

    /** Stops the workers (later blocks run on the caller alone). */
    void close() {
        closed = true;
        if (team != null) {
            team.close();
        }
    }
}
