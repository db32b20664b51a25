package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.TruthTable;
import java.util.Arrays;

/**
 * One walker batch as the one-thread gate loops run it: the batch's gates in their order, cut
 * into <em>levels</em> and into runs of one kind of gate, with label offsets (twice the
 * slot) in place of slots. A loop runs each run in a tight loop of its own, with no branch on
 * the gate's table and no check of dependencies, and flushes its queue of non-linear gates at
 * each level's end; the hashes, labels and tables are those of running the batch gate by gate.
 *
 * <p>A level ends before the first gate that reads or writes a slot which a non-linear gate of
 * the same level writes: within a level no gate depends on a non-linear gate of the level, so
 * all of its non-linear gates can be hashed together and their outputs written at its end. The
 * cut is greedy and depends on the batch alone (a batch starts a level).
 *
 * <p>Code, ints: a header {@code count << 3 | kind}, then the run's operands:
 * <ul>
 *   <li>{@link #XOR}: {@code count} triples (out, in1, in2);</li>
 *   <li>{@link #COPY}: {@code count} pairs (out, in);</li>
 *   <li>{@link #LINEAR}: {@code count} quadruples (out, in1, in2, table), the other affine tables;</li>
 *   <li>{@link #NON_LINEAR}: {@code count} quadruples (out, in1, in2, table);</li>
 *   <li>{@link #LEVEL}: no operands (count 0): the level ends here.</li>
 * </ul>
 * The batch's end ends its last level. A compiled batch is kept by {@link CodeWalker} and run
 * again for every later walk of the same circuit.
 */
final class GateCode {
    static final int XOR = 0;
    static final int COPY = 1;
    static final int LINEAR = 2;
    static final int NON_LINEAR = 3;
    static final int LEVEL = 4;
    private static final int NONE = -1;

    /** The code, {@link #length} ints of it. */
    int[] code;
    int length;
    /** Gates of the batch, and of those the non-linear ones. */
    int gates;
    int nonLinear;

    GateCode(int capacity) {
        this.code = new int[capacity];
    }

    /**
     * The room a batch of {@code gates} gates needs to compile for a loop that queues
     * {@code maxQueued}: per gate at most a level end, a header and four ints, and the gap for
     * a level's front.
     */
    static int maxLength(int gates, int maxQueued) {
        return 6 * gates + 4 * maxQueued + 2;
    }

    /** A copy holding exactly the code, to keep. */
    GateCode copy() {
        GateCode c = new GateCode(0);
        c.code = Arrays.copyOf(code, length);
        c.length = length;
        c.gates = gates;
        c.nonLinear = nonLinear;
        return c;
    }

    /**
     * Compiles batches for a loop that queues at most {@code maxQueued} non-linear gates; holds
     * one byte a label slot. Not thread-safe.
     */
    static final class Compiler {
        /** Slot marks within the current level: written by one of its non-linear gates. */
        private static final byte PENDING = 1;
        /** Written by one of its linear gates. */
        private static final byte DIRTY = 2;

        private final byte[] marks;
        private final int maxQueued;
        /** The slots marked in the current level, to clear them when it ends. */
        private final int[] touched = new int[2 * CircuitWalker.BATCH];
        private int touchedCount;
        /** The level's leading non-linear gates, moved to its front: (out, in1, in2, table). */
        private final int[] front;
        private int frontCount;

        Compiler(long labelSlots, int maxQueued) {
            if (labelSlots < 0 || labelSlots > (Integer.MAX_VALUE - 16) / 2) {
                throw new IllegalArgumentException(labelSlots + " label slots, more than one array holds");
            }
            this.marks = new byte[(int) labelSlots];
            this.maxQueued = maxQueued;
            this.front = new int[4 * maxQueued];
        }

        /**
         * Compiles {@code ops[0 .. 4*count)} (gates as {@code GateSink} has them, at most a
         * walker batch) into {@code c}, whose code must hold {@link #maxLength}{@code (count, maxQueued)}.
         *
         * <p>A level also ends when it holds {@code maxQueued} non-linear gates, so a loop
         * flushes only at a level's end. Its non-linear gates up to the first one that reads a
         * slot a linear gate of the level wrote before it are moved to the level's front: they
         * read what they would have read in place, and since their outputs are written only at
         * the level's end, the linear gates still read the slots' earlier values. The
         * non-linear gates keep their order, so the tweaks and the tables do not change.
         */
        void compile(int[] ops, int count, GateCode c) {
            final byte[] m = marks;
            final int[] code = c.code;
            final int[] front = this.front;
            final int cap = maxQueued;
            int nonLinear = 0;
            int levelNonLinear = 0;
            boolean moving = true;
            // The level's body is compiled after a gap that its front will fill.
            final int gap = 4 * cap + 1;
            int levelStart = 0;
            int pc = gap;
            int kind = NONE;
            int header = 0;
            int run = 0;
            for (int i = 0, end = 4 * count; i < end; i += 4) {
                int out = ops[i];
                int in1 = ops[i + 1];
                int in2 = ops[i + 2];
                int table = ops[i + 3] & 15;
                boolean linear = ((GateQueue.NON_LINEAR_MASK >>> table) & 1) == 0;
                if (((m[out] | m[in1] | m[in2]) & PENDING) != 0 || (!linear && levelNonLinear == cap)) {
                    if (kind != NONE) {
                        code[header] = run << 3 | kind;
                    }
                    levelStart = endLevel(code, levelStart, pc);
                    pc = levelStart + gap;
                    kind = NONE;
                    levelNonLinear = 0;
                    moving = true;
                }
                if (!linear) {
                    levelNonLinear++;
                    nonLinear++;
                    mark(out, PENDING);
                    if (moving && ((m[in1] | m[in2]) & DIRTY) == 0) {
                        int f = 4 * frontCount++;
                        front[f] = 2 * out;
                        front[f + 1] = 2 * in1;
                        front[f + 2] = 2 * in2;
                        front[f + 3] = table;
                        continue;
                    }
                    moving = false;
                } else {
                    mark(out, DIRTY);
                }
                int k = linear ? (table == TruthTable.XOR ? XOR : table == TruthTable.COPY ? COPY : LINEAR)
                        : NON_LINEAR;
                if (k != kind) {
                    if (kind != NONE) {
                        code[header] = run << 3 | kind;
                    }
                    kind = k;
                    header = pc++;
                    run = 0;
                }
                run++;
                code[pc] = 2 * out;
                code[pc + 1] = 2 * in1;
                if (k == COPY) {
                    pc += 2;
                    continue;
                }
                code[pc + 2] = 2 * in2;
                if (k == XOR) {
                    pc += 3;
                    continue;
                }
                code[pc + 3] = table;
                pc += 4;
            }
            if (kind != NONE) {
                code[header] = run << 3 | kind;
            }
            c.length = endLevel(code, levelStart, pc);
            c.gates = count;
            c.nonLinear = nonLinear;
        }

        /**
         * Ends the level at {@code levelStart}, whose body was compiled after the gap: writes its
         * front, moves the body after it, and a {@link #LEVEL}; returns where the next level
         * starts.
         */
        private int endLevel(int[] code, int levelStart, int pc) {
            int bodyStart = levelStart + 4 * maxQueued + 1;
            int at = levelStart;
            if (frontCount > 0) {
                code[at++] = frontCount << 3 | NON_LINEAR;
                System.arraycopy(front, 0, code, at, 4 * frontCount);
                at += 4 * frontCount;
                frontCount = 0;
            }
            System.arraycopy(code, bodyStart, code, at, pc - bodyStart);
            at += pc - bodyStart;
            code[at++] = LEVEL;
            for (int k = 0; k < touchedCount; k++) {
                marks[touched[k]] = 0;
            }
            touchedCount = 0;
            return at;
        }

        /** The marks, all 0 between batches: {@link GateQueue} uses them between its own. */
        byte[] marks() {
            return marks;
        }

        private void mark(int slot, byte bit) {
            if (marks[slot] == 0) {
                touched[touchedCount++] = slot;
            }
            marks[slot] |= bit;
        }
    }
}
