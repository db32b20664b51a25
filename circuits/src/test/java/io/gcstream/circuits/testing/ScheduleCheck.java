package io.gcstream.circuits.testing;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

/**
 * Checks a circuit's {@link Schedule} against its body for a team of a given size: every rule of
 * the schedule's contract, which the engine relies on without checking. It holds the whole
 * walked body: for the tests of the generators that make schedules, in every module.
 */
public final class ScheduleCheck {
    private ScheduleCheck() {
    }

    /**
     * Checks {@code c}'s schedule for {@code pieces} pieces a segment.
     *
     * @throws IllegalStateException naming the first rule broken, the segment and the piece
     * @throws IllegalArgumentException if {@code c} carries no schedule
     */
    public static void check(Circuit c, int pieces) throws IOException {
        Schedule s = Circuits.schedule(c);
        if (s == null) {
            throw new IllegalArgumentException("the circuit carries no schedule");
        }
        int[][] walked = {new int[4 * 1024]};
        int[] size = {0};
        new CircuitWalker(c).walk((ops, count) -> {
            if (walked[0].length < size[0] + 4 * count) {
                walked[0] = Arrays.copyOf(walked[0], Math.max(2 * walked[0].length, size[0] + 4 * count));
            }
            System.arraycopy(ops, 0, walked[0], size[0], 4 * count);
            size[0] += 4 * count;
        });
        int[] body = walked[0];
        BitSet mainUsed = new BitSet();
        for (int i = 0; i < size[0]; i += 4) {
            for (int k = 0; k < 3; k++) {
                if (body[i + k] < c.numSlots()) {
                    mainUsed.set(body[i + k]);
                }
            }
        }
        Schedule.Piece[] p = new Schedule.Piece[pieces];
        for (int t = 0; t < pieces; t++) {
            p[t] = s.open(pieces, t);
        }
        int main = c.numSlots();
        long[] frameOffset = new long[pieces];
        boolean[] frameSeen = new boolean[pieces];
        int at = 0;
        int[] ops = new int[4 * 256];
        for (long seg = 0; ; seg++) {
            boolean more = p[0].nextSegment();
            for (int t = 1; t < pieces; t++) {
                if (p[t].nextSegment() != more) {
                    throw new IllegalStateException("segment " + seg + ": pieces 0 and " + t + " disagree on whether it exists");
                }
            }
            if (!more) {
                break;
            }
            int total = p[0].segmentNonLinear();
            if (total > s.maxSegmentNonLinear()) {
                throw new IllegalStateException("segment " + seg + " has " + total + " non-linear gates, more than the most stated");
            }
            @SuppressWarnings("unchecked")
            Set<Integer>[] writes = new Set[pieces];
            @SuppressWarnings("unchecked")
            Set<Integer>[] touches = new Set[pieces];
            int before = 0;
            for (int t = 0; t < pieces; t++) {
                String where = "segment " + seg + ", piece " + t + " of " + pieces;
                if (p[t].segmentNonLinear() != total || p[t].nonLinearBefore() != before) {
                    throw new IllegalStateException(where + ": states " + p[t].nonLinearBefore() + " non-linear gates before it and "
                            + p[t].segmentNonLinear() + " in the segment, the pieces hold " + before + " and " + total);
                }
                writes[t] = new HashSet<>();
                touches[t] = new HashSet<>();
                int nonLinear = 0;
                int n;
                while ((n = p[t].gates(ops, 0, 256)) > 0) {
                    for (int i = 0; i < 4 * n; i += 4) {
                        if (at >= size[0] || ops[i + 3] != body[at + 3]) {
                            throw new IllegalStateException(where + ": gate " + at / 4 + " of the body is not the piece's next");
                        }
                        for (int k = 0; k < 3; k++) {
                            int walkedSlot = body[at + k];
                            int slot = ops[i + k];
                            if (walkedSlot < main) {
                                if (slot != walkedSlot) {
                                    throw new IllegalStateException(where + ": gate " + at / 4 + " of the body is not the piece's next");
                                }
                                continue;
                            }
                            // A frame's slot: moved by the piece's one offset, below labelSlots, not into the main frame's used slots.
                            if (!frameSeen[t]) {
                                frameSeen[t] = true;
                                frameOffset[t] = (long) slot - walkedSlot;
                            }
                            if ((long) slot - walkedSlot != frameOffset[t] || slot < 0 || slot >= c.labelSlots()) {
                                throw new IllegalStateException(where + ": gate " + at / 4 + " moves frame slot " + walkedSlot
                                        + " to " + slot + ", not by the piece's one offset into the labels");
                            }
                            if (slot < main && mainUsed.get(slot)) {
                                throw new IllegalStateException(where + ": gate " + at / 4 + " moves frame slot " + walkedSlot
                                        + " to main-frame slot " + slot + ", which the body uses");
                            }
                        }
                        at += 4;
                        nonLinear += TruthTable.isLinear(ops[i + 3]) ? 0 : 1;
                        writes[t].add(ops[i]);
                        touches[t].add(ops[i]);
                        touches[t].add(ops[i + 1]);
                        touches[t].add(ops[i + 2]);
                    }
                }
                if (nonLinear != p[t].nonLinear()) {
                    throw new IllegalStateException(where + ": holds " + nonLinear + " non-linear gates, states "
                            + p[t].nonLinear());
                }
                before += nonLinear;
            }
            if (before != total) {
                throw new IllegalStateException("segment " + seg + ": the pieces hold " + before + " non-linear gates, it states " + total);
            }
            for (int t = 0; t < pieces; t++) {
                for (int u = 0; u < pieces; u++) {
                    if (u != t) {
                        for (int slot : writes[t]) {
                            if (touches[u].contains(slot)) {
                                throw new IllegalStateException("segment " + seg + ": piece " + t + " writes slot " + slot
                                        + ", which piece " + u + " reads or writes");
                            }
                        }
                    }
                }
            }
        }
        if (at != size[0]) {
            throw new IllegalStateException("the pieces end at gate " + at / 4 + " of the body's " + size[0] / 4);
        }
    }
}
