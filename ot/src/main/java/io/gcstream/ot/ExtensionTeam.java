package io.gcstream.ot;

import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.ext.BitMatrix;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.WorkerException;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

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

    /** A thread's share of a call's whole blocks: it claims blocks and works them until none is left. */
    interface Claims {
        void run(int thread) throws IOException;
    }

    private Claims claims;
    private volatile boolean abandoned;
    private final Workers.Job claimJob = this::claimPart;

    /**
     * Runs {@code c} on every thread of the team, the caller's too (as thread 0), for a call's
     * whole blocks, and returns once all are done. A thread that fails makes {@link #abandoned}
     * true, so that the others stop claiming and waiting, and fails the call: with the channel's
     * own exception for a worker's failed read or write, as on the caller.
     */
    void claimAll(Claims c) throws IOException {
        claims = c;
        abandoned = false;
        team.start(claimJob, team.threads());
        try {
            c.run(0);
        } catch (IOException | RuntimeException | Error e) {
            abandoned = true;
            team.finishQuietly();
            throw e;
        }
        try {
            team.finish();
        } catch (WorkerException e) {
            if (e.getCause() instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            throw e;
        }
    }

    /** Longest a waiting thread parks before it looks again (a wake-up may come earlier). */
    static final long WAIT_NANOS = 50_000;

    /**
     * Step {@code step} (from 0) of a thread's wait for another in {@link #claimAll}: a spin for
     * the first {@link Spin#LIMIT} steps, then a park of at most {@link #WAIT_NANOS}; false, at
     * once, if a thread failed. The waiting loop reports {@link Spin#ended} once its wait ends.
     */
    boolean waitStep(int step) {
        if (abandoned) {
            return false;
        }
        if (step < Spin.LIMIT) {
            Thread.onSpinWait();
        } else {
            LockSupport.parkNanos(this, WAIT_NANOS);
        }
        return true;
    }

    /**
     * Unparks the threads in {@code waiters} (by team thread; null where none waits): each
     * puts itself there before it checks once more and parks in {@link #waitStep}, and the
     * thread that makes what it waits for come calls this afterwards.
     */
    static void wake(AtomicReferenceArray<Thread> waiters) {
        for (int k = 0; k < waiters.length(); k++) {
            Thread w = waiters.get(k);
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
    }

    /** Whether a thread of the current {@link #claimAll} failed. */
    boolean abandoned() {
        return abandoned;
    }

    /** Team job: {@link #claims} on a worker. */
    private void claimPart(int part, int thread) {
        try {
            claims.run(thread);
        } catch (IOException e) {
            abandoned = true;
            throw new UncheckedIOException(e);
        } catch (RuntimeException | Error e) {
            abandoned = true;
            throw e;
        }
    }

    /** Stops the workers (later blocks run on the caller alone). */
    void close() {
        closed = true;
        if (team != null) {
            team.close();
        }
    }
}
