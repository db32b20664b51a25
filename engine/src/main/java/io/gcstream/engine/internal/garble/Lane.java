package io.gcstream.engine.internal.garble;

import java.util.Arrays;

/**
 * One thread's queue of non-linear gates in a multi-threaded gate loop ({@link ParallelLoop}):
 * its own hash, its own pending marks, and per queued gate everything its hashing and finishing
 * need, so that any thread can finish any range of the queue. A queued gate keeps a copy of
 * its two input labels ({@link #in}, four longs a gate), so hashing may be deferred to a flush
 * whatever later gates write, and split between threads. Not thread-safe: one thread at a time
 * (a flush split between threads touches disjoint entries).
 */
final class Lane {
    /** This thread's hash (its own cipher and batch arrays). */
    final TweakableHash hash;
    /** Per label slot: the epoch in which a gate queued here will write it. */
    final int[] pending;
    int epoch = 1;
    int queued;
    /** Per queued gate: output slot, truth table, tweak number, table position, rank in its batch. */
    final int[] out;
    final int[] table;
    final long[] tweak;
    final int[] pos;
    final int[] rank;
    /** Per queued gate: the scheme's information from its first half to its second. */
    final int[] info;
    /** Per queued gate k: its input labels at [4k, 4k+4), read as label slots 2k and 2k + 1. */
    final long[] in;
    /** The evaluator's tables of the owner's queue (null for a thread's lane). */
    byte[] tables;

    Lane(int slots, int capacity, TweakableHash hash) {
        this(new int[slots], capacity, hash);
    }

    /**
     * A queue that marks slots in {@code pending}, shared with its twin (the owner's two
     * queues), and flushes with the running thread's hash ({@code hash} null).
     */
    Lane(int[] pending, int capacity, TweakableHash hash) {
        this.hash = hash;
        this.pending = pending;
        this.out = new int[capacity];
        this.table = new int[capacity];
        this.tweak = new long[capacity];
        this.pos = new int[capacity];
        this.rank = new int[capacity];
        this.info = new int[capacity];
        this.in = new long[4 * capacity];
    }

    /** Empties the queue after a flush: nothing is pending any more. */
    void newEpoch() {
        queued = 0;
        if (++epoch == Integer.MAX_VALUE) {
            Arrays.fill(pending, 0);
            epoch = 1;
        }
    }
}
