package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.BodySource;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.TruthTable;
import java.util.List;

/**
 * A generated circuit in levels: {@code W} lanes, creator inputs in slots [0, W), evaluator
 * inputs in [W, 2W). Each step is an AND level, {@code s[l] = AND(s[l], s[W+l])} for every lane,
 * then an XOR level, {@code s[W+l] = XOR(s[W+l], s[(l+1) mod W])}, which reads the next lane's
 * new value; the last step may cover only the first lanes, so that the circuit holds exactly
 * the ANDs asked for (and as many XORs). Outputs: the creator gets s[0..W), the evaluator
 * s[W..2W). S = 2W. Nothing is stored: the body is generated on each pass.
 *
 * <p>It carries its {@link Schedule}: each level is a segment, cut by lanes into pieces, so a
 * team of threads runs it in lockstep, meeting twice a step. Unlike {@link LaneCircuit}, whose
 * XOR of lane l reads lane l+1 before that lane's AND of the same step, no order of its gates
 * needs a gate-by-gate dependency scan to be run by several threads.
 */
public final class LevelCircuit {
    private LevelCircuit() {
    }

    /** A circuit with {@code ands} AND gates (and as many XORs) in levels of {@code lanes}. */
    public static Circuit create(int lanes, long ands) {
        if (lanes < 1 || lanes > (1 << 20)) {
            throw new IllegalArgumentException("lanes must be in 1..2^20, got " + lanes);
        }
        if (ands < 1) {
            throw new IllegalArgumentException("a circuit needs at least one AND, got " + ands);
        }
        int w = lanes;
        int[] ci = LaneCircuit.range(0, w);
        int[] ei = LaneCircuit.range(w, w);
        long gates = 2 * ands;
        byte[] hash = LaneCircuit.sha256("gcstream level circuit v1 lanes=" + w + " ands=" + ands);
        return Circuits.of(ci, ei, ci, ei, 2 * w, List.of(), gates, gates, ands, 2 * w, new Body(w, ands), hash);
    }

    /** The body: read whole, or a piece of each level at a time. */
    private static final class Body implements BodySource, Schedule {
        private final int w;
        private final long ands;

        Body(int w, long ands) {
            this.w = w;
            this.ands = ands;
        }

        @Override
        public InstructionReader open() {
            return new Reader(this);
        }

        @Override
        public int maxSegmentNonLinear() {
            return (int) Math.min(w, ands);
        }

        @Override
        public Piece open(int pieces, int piece) {
            if (pieces < 1 || piece < 0 || piece >= pieces) {
                throw new IllegalArgumentException("piece " + piece + " of " + pieces);
            }
            return new LevelPiece(this, pieces, piece);
        }

        /** Lanes of the step whose first AND is gate pair {@code done}. */
        int lanes(long done) {
            return (int) Math.min(w, ands - done);
        }

        /** The gates of lanes [from, to) of an AND level ({@code and}) or an XOR level into {@code ops} from {@code i}. */
        void level(boolean and, int[] ops, int i, int from, int to) {
            if (and) {
                for (int l = from; l < to; l++, i += 4) {
                    and(ops, i, l);
                }
            } else {
                for (int l = from; l < to; l++, i += 4) {
                    xor(ops, i, l);
                }
            }
        }

        void and(int[] ops, int i, int l) {
            ops[i] = l;
            ops[i + 1] = l;
            ops[i + 2] = w + l;
            ops[i + 3] = TruthTable.AND;
        }

        void xor(int[] ops, int i, int l) {
            ops[i] = w + l;
            ops[i + 1] = w + l;
            ops[i + 2] = l + 1 == w ? 0 : l + 1;
            ops[i + 3] = TruthTable.XOR;
        }
    }

    /** The whole body in order: a level's gates written straight into the walker's array. */
    private static final class Reader extends AbstractInstructionReader {
        private final Body body;
        private final int[] one = new int[4];
        /** ANDs of the steps before the current one. */
        private long done;
        /** Lanes of the current step, its level (0: AND, 1: XOR) and the next lane. */
        private int lanes;
        private int level;
        private int lane;
        private boolean end;

        Reader(Body body) {
            this.body = body;
            this.lanes = body.lanes(0);
        }

        @Override
        public boolean next() {
            if (nextGates(one, 0, 1) < 0) {
                return false;
            }
            gate(one[3], one[0], one[1], one[2]);
            return true;
        }

        @Override
        public int nextGates(int[] ops, int off, int max) {
            int n = 0;
            while (n < max && !end) {
                if (lane == lanes) {
                    if (level == 0) {
                        level = 1;
                    } else {
                        done += lanes;
                        if (done == body.ands) {
                            end = true;
                            break;
                        }
                        lanes = body.lanes(done);
                        level = 0;
                    }
                    lane = 0;
                }
                int k = Math.min(max - n, lanes - lane);
                body.level(level == 0, ops, off + 4 * n, lane, lane + k);
                lane += k;
                n += k;
            }
            if (n == 0) {
                return -1;
            }
            // The last gate written is the current instruction (InstructionReader's contract).
            int last = off + 4 * (n - 1);
            gate(ops[last + 3], ops[last], ops[last + 1], ops[last + 2]);
            return n;
        }

        @Override
        public String position() {
            return "generated level " + level + " of the step after " + done + " ANDs, lane " + lane;
        }
    }

    /** Piece {@code piece} of {@code pieces} of every level: its share of the level's lanes. */
    private static final class LevelPiece implements Schedule.Piece {
        private final Body body;
        private final int pieces;
        private final int piece;
        private long done;
        private int lanes;
        /** Levels begun: even an AND level, odd an XOR level. */
        private long levels;
        private int lo;
        private int hi;
        private int lane;

        LevelPiece(Body body, int pieces, int piece) {
            this.body = body;
            this.pieces = pieces;
            this.piece = piece;
        }

        @Override
        public boolean nextSegment() {
            if (levels > 0 && (levels & 1) == 0) {
                done += lanes;
            }
            if (done == body.ands) {
                return false;
            }
            if ((levels & 1) == 0) {
                lanes = body.lanes(done);
                lo = (int) ((long) lanes * piece / pieces);
                hi = (int) ((long) lanes * (piece + 1) / pieces);
            }
            levels++;
            lane = lo;
            return true;
        }

        private boolean andLevel() {
            return (levels & 1) == 1;
        }

        @Override
        public int nonLinearBefore() {
            return andLevel() ? lo : 0;
        }

        @Override
        public int nonLinear() {
            return andLevel() ? hi - lo : 0;
        }

        @Override
        public int segmentNonLinear() {
            return andLevel() ? lanes : 0;
        }

        @Override
        public int gates(int[] ops, int off, int max) {
            int k = Math.min(max, hi - lane);
            body.level(andLevel(), ops, off, lane, lane + k);
            lane += k;
            return k;
        }
    }
}
