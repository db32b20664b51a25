package io.gcstream.ot;

import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.ext.BitMatrix;
import io.gcstream.ot.internal.parallel.Workers;

/**
 * The threads an OT extension's sender or receiver splits its blocks between
 * ({@link OtOptions#extensionThreads()}): the team, and per thread its own hash and transpose
 * scratch (index 0: the caller's). Package-private plumbing of the two extension classes.
 */
final class ExtensionTeam {
    /**
     * Smallest block split between threads: 4,096 OTs (four vectorised transpose groups of
     * words), work far above the cost of a hand-off between threads.
     */
    static final int MIN_PARALLEL_OTS = 4096;

    /** The team, or null for one thread. */
    final Workers team;
    final CrHash[] hashes;
    final long[][] tmps;

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

    /** Stops the workers (later blocks run on the caller alone). */
    void close() {
        if (team != null) {
            team.close();
        }
    }
}
