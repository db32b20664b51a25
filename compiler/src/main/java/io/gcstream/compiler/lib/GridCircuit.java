package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.GateSink;
import io.gcstream.circuits.internal.GeneratedCircuit;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Access;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.Optimizer;
import io.gcstream.compiler.internal.Program;
import io.gcstream.compiler.internal.Reorder;
import io.gcstream.compiler.internal.SlotAllocator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A dynamic program over an R × C grid of {@link GridCell}s as a streamed circuit: the main body
 * is generated on the fly from the grid's parameters, as sub-circuit calls and a few constant
 * gates, so its size is never held anywhere ({@link #circuit()}). Memory: the sub-circuit
 * definitions and two rows of records.
 *
 * <p><b>Orientation.</b> Rows run over the longer string (R = max(n, m), C = min(n, m)), so the
 * row buffer has the shorter string's length.
 *
 * <p><b>Lanes.</b> A cell's gates form a chain (each depends on the one before), which starves
 * the garbler's batched hashing. So the grid is computed by K lanes at once: lane r takes rows
 * r + 1, r + 1 + K, r + 1 + 2K, … and walks them cell by cell, one cell per step, starting at
 * step r. At step t lane r is at its (t − r)-th cell; the K cells of a step lie on different
 * rows, each one row below and one column behind the previous lane's (lane 0 is one row below
 * lane K − 1, C − K + 1 columns behind), so their inputs were all made in earlier steps and
 * none of them depends on another. The lanes form G <em>groups</em> of L = min(16, C − 1, R)
 * lanes; a step of a group with all L lanes busy is one call of a <em>block</em> sub-circuit of
 * L cells whose gates are ordered by AND depth, so every hash batch holds L gates; a step with
 * fewer busy lanes calls the single-cell sub-circuit per busy lane, in lane order.
 *
 * <p><b>Groups and the schedule.</b> G is the most groups, up to {@value #GROUPS}, with R ≥ G·L
 * and C − G·L ≥ G·{@value #MIN_SEGMENT_STEPS} (so G = 1 below 64 columns). The body is cut into
 * <em>segments</em> of D steps: in segment s, group g runs steps [(s − g)·D, (s − g + 1)·D), so
 * each group runs one segment behind the one before. Group g's first lane needs the previous
 * group's last lane one step earlier, which ran a segment before; group 0's first lane needs the
 * last group's last lane C − K + 1 steps earlier and overwrites what that lane read C − K steps
 * earlier, which ran G − 1 segments behind, so D ≤ (C − K)/G keeps every such pair in different
 * segments. So within a segment no group reads or writes a slot another group writes, and the
 * circuit carries a {@link Schedule} whose pieces are the groups ({@link Pieces}); each group
 * expands its calls into a frame of its own, group 0's where the walk puts them and the others'
 * in slots the main frame reserves (a cell block's frame each: the readout, in a last segment
 * of its own, runs in group 0's). D = min({@value #MAX_SEGMENT_STEPS}, (C − K)/G), less if a
 * segment would hold more than {@link Schedule#MAX_SEGMENT_NON_LINEAR} non-linear gates.
 *
 * <p><b>Slots.</b> The main frame holds the creator's input bits, then the evaluator's, then
 * two rows of records: group (p, j), p = 0, 1, j = 0 .. C, at
 * {@code BUF + (p·(C + 1) + j)·O} holds the record of cell (i, j) for the last i with i mod 2
 * = p; then the output slots of the readout, if any; then, with G groups, G − 1 frames for the
 * calls of groups 1 .. G − 1 run by a team. A cell's record is written over the one two rows
 * up, which every reader of that record has read by then (it is read only from its own row and
 * the next); within a step, lanes are called in lane order (in a block, all arguments are
 * copied in before any result is copied out). The body starts with constant gates writing row
 * 0's records into parity 0 and zeros into parity 1; when a lane starts row i, constant gates
 * write record (i, 0). The readout, if the cell has one, is called last on the last row's
 * records.
 *
 * <p>Counts are computed by a pass over the steps (no gates), linear in the cells.
 * Immutable after construction.
 */
final class GridCircuit {
    /** Most lanes a group: 16 cells per block keep the engines' hash batches full. */
    static final int MAX_LANES = 16;
    /** Most groups of lanes: two a thread of a team of two, so that either can run three of four. */
    static final int GROUPS = 4;
    /** Fewest steps a segment of a grouped grid holds: fewer, and threads meet too often to pay. */
    static final int MIN_SEGMENT_STEPS = 16;
    /** Most steps a segment holds: enough work between meetings, little held back at the ends. */
    static final int MAX_SEGMENT_STEPS = 64;

    private final GridCell cell;
    private final int n;
    private final int m;
    private final int rows;
    private final int columns;
    private final boolean creatorRows;
    /** Lanes a group (L), groups (G) and all lanes (K = G·L). */
    private final int lanes;
    private final int groups;
    private final int allLanes;
    private final int cc;
    private final int ec;
    private final int record;
    private final int evaluatorBase;
    private final int buffer;
    private final int outBase;
    /** First slot of the frames reserved for groups 1 .. G − 1, each {@link #frameSize} slots. */
    private final int frames;
    private final int frameSize;
    private final int numSlots;
    private final int[] rowsOfLane;
    private final long steps;
    /** Per group, the step after the last at which all its lanes are busy (a block call each step). */
    private final long[] fullEnd;
    // The cell's fields per variant, read once: the reader uses them for every call.
    private final int[][] topFields;
    private final int[][] leftFields;
    private final int[][] diagFields;
    private final int[][] outFields;

    // Filled by define(): sub-circuit index per variant (−1 if unused), and the definitions.
    private final int[] singleIndex;
    private final int[] blockIndex;
    private int readoutIndex = -1;
    private final List<SubCircuit> subs = new ArrayList<>();
    private long instructions;
    private long gates;
    private long nonLinear;
    private long deepest;
    /** Steps a segment (D), segments, and the most non-linear gates one holds. */
    private final int segmentSteps;
    private final long segments;
    private final long segmentNonLinear;

    /**
     * The grid for the creator's {@code n} and the evaluator's {@code m} characters with at most
     * {@code maxLanes} lanes a group, {@code maxGroups} groups where the grid is wide enough for
     * segments of {@code min(MIN_SEGMENT_STEPS, maxSegmentSteps)} steps, and at most
     * {@code maxSegmentSteps} steps a segment (tests vary them).
     *
     * @throws IllegalArgumentException if a size is below 1 or the slots do not fit an int
     */
    GridCircuit(GridCell cell, int n, int m, int maxLanes, int maxGroups, int maxSegmentSteps) {
        if (n < 1 || m < 1 || maxLanes < 1 || maxGroups < 1 || maxSegmentSteps < 1) {
            throw new IllegalArgumentException("string lengths, lanes, groups and steps must be at least 1");
        }
        this.cell = cell;
        this.n = n;
        this.m = m;
        this.creatorRows = n >= m;
        this.rows = Math.max(n, m);
        this.columns = Math.min(n, m);
        this.lanes = Math.max(1, Math.min(maxLanes, Math.min(columns - 1, rows)));
        int minSteps = Math.min(MIN_SEGMENT_STEPS, maxSegmentSteps);
        int g = maxGroups;
        while (g > 1 && ((long) rows < (long) g * lanes || (columns - (long) g * lanes) / g < minSteps)) {
            g--;
        }
        this.groups = g;
        this.allLanes = g * lanes;
        this.cc = cell.creatorCharBits();
        this.ec = cell.evaluatorCharBits();
        this.record = cell.recordBits();
        if (record < 1) {
            throw new IllegalArgumentException("records must have at least 1 bit, not " + record);
        }
        this.rowsOfLane = new int[allLanes];
        long last = 0;
        for (int r = 0; r < allLanes; r++) {
            rowsOfLane[r] = r < rows ? (rows - 1 - r) / allLanes + 1 : 0;
            last = Math.max(last, r + (long) rowsOfLane[r] * columns);
        }
        this.steps = last;
        this.fullEnd = new long[groups];
        for (int q = 0; q < groups; q++) {
            fullEnd[q] = Long.MAX_VALUE;
            for (int r = q * lanes; r < (q + 1) * lanes; r++) {
                fullEnd[q] = Math.min(fullEnd[q], r + (long) rowsOfLane[r] * columns);
            }
        }
        long inputs = (long) n * cc + (long) m * ec;
        long buf = 2L * (columns + 1) * record;
        long out = cell.readoutFields() == null ? 0 : cell.outputWidth();
        // Before the definitions and the pass over the steps, which a size too large to address would make long.
        checkSlots(inputs + buf + out, 0);
        int variants = cell.variants();
        this.topFields = new int[variants][];
        this.leftFields = new int[variants][];
        this.diagFields = new int[variants][];
        this.outFields = new int[variants][];
        for (int v = 0; v < variants; v++) {
            topFields[v] = cell.topFields(v);
            leftFields[v] = cell.leftFields(v);
            diagFields[v] = cell.diagFields(v);
            outFields[v] = cell.outFields(v);
        }
        this.singleIndex = new int[cell.variants()];
        this.blockIndex = new int[cell.variants()];
        define();
        // Groups 1 .. G − 1 call only cells; the readout runs on group 0's frame, in a segment of its own.
        long cellFrame = 0;
        for (int v = 0; v < variants; v++) {
            cellFrame = Math.max(cellFrame, frameOf(singleIndex[v]));
            cellFrame = Math.max(cellFrame, frameOf(blockIndex[v]));
        }
        this.frameSize = (int) cellFrame;
        long reserved = (groups - 1) * cellFrame;
        checkSlots(inputs + buf + out + reserved, deepest);
        this.evaluatorBase = n * cc;
        this.buffer = (int) inputs;
        this.outBase = (int) (inputs + buf);
        this.frames = (int) (inputs + buf + out);
        this.numSlots = (int) (inputs + buf + out + reserved);
        // D: at most (C − K)/G with groups, and a segment's non-linear gates within the bound.
        long perStep = 0;
        for (int v = 0; v < variants; v++) {
            perStep = Math.max(perStep, nonLinearOf(blockIndex[v]));
            perStep = Math.max(perStep, lanes * nonLinearOf(singleIndex[v]));
        }
        long d = maxSegmentSteps;
        if (groups > 1) {
            d = Math.min(d, (columns - allLanes) / groups);
            d = Math.min(d, Math.max(1, Schedule.MAX_SEGMENT_NON_LINEAR / Math.max(1, groups * perStep)));
        }
        this.segmentSteps = (int) Math.max(1, d);
        this.segments = (steps + segmentSteps - 1) / segmentSteps + groups - 1 + (readoutIndex >= 0 ? 1 : 0);
        this.segmentNonLinear = Math.max(groups * segmentSteps * perStep, nonLinearOf(readoutIndex));
    }

    /** Throws if {@code slots} main-frame slots and a call frame of {@code frame} more do not fit an int. */
    private void checkSlots(long slots, long frame) {
        if (slots > Integer.MAX_VALUE - 64 - frame) {
            throw new IllegalArgumentException(String.format("%d x %d characters need %,d slots, more than"
                    + " a circuit can address", n, m, slots + frame));
        }
    }

    int rows() {
        return rows;
    }

    int columns() {
        return columns;
    }

    /** Lanes a group. */
    int lanes() {
        return lanes;
    }

    int groups() {
        return groups;
    }

    int segmentSteps() {
        return segmentSteps;
    }

    /** The streamed circuit: its body is generated on every pass and checked as it is read. */
    Circuit circuit() {
        int[] outs = outputs();
        GeneratedCircuit.Builder b = GeneratedCircuit.builder()
                .name(cell.name() + " grid " + n + "x" + m)
                .creatorInputs(range(0, n * cc))
                .evaluatorInputs(range(evaluatorBase, m * ec))
                .creatorOutputs(outs)
                .evaluatorOutputs(outs)
                .numSlots(numSlots)
                .subCircuits(subs)
                .counts(instructions, gates, nonLinear, deepest)
                .body(Reader::new);
        if (groups > 1 && segmentNonLinear <= Schedule.MAX_SEGMENT_NON_LINEAR) {
            b.schedule(new Pieces());
        }
        return b.build();
    }

    /**
     * The same circuit with its body held in memory and checked by {@link Circuits.Builder}: for
     * tests, which compare it with {@link #circuit()} (equal hashes mean equal circuits).
     */
    Circuit inMemory() throws java.io.IOException {
        Body.Builder body = new Body.Builder();
        try (InstructionReader r = new Reader()) {
            while (r.next()) {
                if (r.isCall()) {
                    SubCircuit s = subs.get(r.callee());
                    int[] slots = r.callSlots();
                    body.call(r.callee(), Arrays.copyOf(slots, s.inputCount()),
                            Arrays.copyOfRange(slots, s.inputCount(), r.callSlotCount()));
                } else {
                    body.gate(r.out(), r.in1(), r.in2(), r.table());
                }
            }
        }
        Circuits.Builder b = Circuits.builder();
        for (SubCircuit s : subs) {
            b.addSubCircuit(s);
        }
        int[] outs = outputs();
        return b.creatorInputs(range(0, n * cc)).evaluatorInputs(range(evaluatorBase, m * ec))
                .creatorOutputs(outs).evaluatorOutputs(outs).numSlots(numSlots).body(body.build()).build();
    }

    private int[] outputs() {
        if (cell.readoutFields() != null) {
            return range(outBase, cell.outputWidth());
        }
        return range(group(rows % 2, columns), cell.outputWidth());
    }

    /** First slot of record group (p, j). */
    private int group(int p, int j) {
        return buffer + (p * (columns + 1) + j) * record;
    }

    // ---- definitions and counts ------------------------------------------------------------

    /** Counts the calls of each definition by a pass over the steps, then compiles those used. */
    private void define() {
        int v = cell.variants();
        long[] singleCalls = new long[v];
        long[] blockCalls = new long[v];
        long boundaryGates = 0;
        Step s = new Step();
        for (long t = 0; t < steps; t++) {
            for (int g = 0; g < groups; g++) {
                s.at(t, g);
                boundaryGates += (long) s.rowStarts * record;
                if (s.isBlock()) {
                    blockCalls[s.blockVariant()]++;
                } else {
                    for (int r = 0; r < lanes; r++) {
                        if (s.isActive(r)) {
                            singleCalls[cell.variant(s.i[r], s.j[r])]++;
                        }
                    }
                }
            }
        }
        CircuitBuilder b = new CircuitBuilder();
        List<Integer> blockDefs = new ArrayList<>();
        String suffix = v > 1 ? "_v" : "";
        for (int k = 0; k < v; k++) {
            singleIndex[k] = -1;
            if (singleCalls[k] > 0) {
                singleIndex[k] = defineCells(b, cell.name() + "_cell" + (v > 1 ? suffix + k : ""), k, 1);
            }
        }
        for (int k = 0; k < v; k++) {
            blockIndex[k] = -1;
            if (blockCalls[k] > 0) {
                blockIndex[k] = defineCells(b, cell.name() + "_block" + lanes + (v > 1 ? suffix + k : ""), k, lanes);
                blockDefs.add(blockIndex[k]);
            }
        }
        int[] fields = cell.readoutFields();
        if (fields != null) {
            b.define(cell.name() + "_readout", fields.length * columns, in -> cell.readout(b, in, rows, columns));
            readoutIndex = lastIndex(b);
        }
        List<Program.Sub> bodies = Access.builder().subCircuits(b);
        for (int k = 0; k < bodies.size(); k++) {
            Program.Sub sub = bodies.get(k);
            GateList g = Optimizer.optimize(sub.body());
            if (blockDefs.contains(k)) {
                g = Reorder.byLevel(g);
            }
            SlotAllocator.Allocation a = SlotAllocator.allocate(g);
            subs.add(SubCircuit.of(sub.name(), a.inputSlots(), a.outputSlots(), a.numSlots(), a.body(), subs));
        }
        long init = 2L * (columns + 1) * record;
        instructions = init + boundaryGates;
        gates = init + boundaryGates;
        for (int k = 0; k < v; k++) {
            count(singleIndex[k], singleCalls[k]);
            count(blockIndex[k], blockCalls[k]);
        }
        if (readoutIndex >= 0) {
            count(readoutIndex, 1);
        }
    }

    private void count(int index, long calls) {
        if (index < 0) {
            return;
        }
        SubCircuit s = subs.get(index);
        instructions += calls;
        gates = Math.addExact(gates, Math.multiplyExact(calls, s.gateCount()));
        nonLinear = Math.addExact(nonLinear, Math.multiplyExact(calls, s.nonLinearCount()));
        deepest = Math.max(deepest, s.frameDepth());
    }

    /** Label slots a call of definition {@code index} needs; 0 for none (−1). */
    private long frameOf(int index) {
        return index < 0 ? 0 : subs.get(index).frameDepth();
    }

    /** Non-linear gates of a call of definition {@code index}; 0 for none (−1). */
    private long nonLinearOf(int index) {
        return index < 0 ? 0 : subs.get(index).nonLinearCount();
    }

    /** Defines {@code k} cells of variant {@code v} side by side; returns the definition's index. */
    private int defineCells(CircuitBuilder b, String name, int v, int k) {
        int top = cell.topFields(v).length;
        int left = cell.leftFields(v).length;
        int diag = cell.diagFields(v).length;
        int per = cc + ec + top + left + diag;
        b.define(name, k * per, in -> {
            Word out = Word.of();
            for (int r = 0; r < k; r++) {
                int at = r * per;
                Word c = in.slice(at, at + cc);
                at += cc;
                Word e = in.slice(at, at + ec);
                at += ec;
                Word t = in.slice(at, at + top);
                at += top;
                Word l = in.slice(at, at + left);
                at += left;
                Word d = in.slice(at, at + diag);
                out = out.concat(cell.cell(b, v, c, e, t, l, d));
            }
            return out;
        });
        return lastIndex(b);
    }

    /** The position of the sub-circuit {@code b} defined last (calls name it by position). */
    private static int lastIndex(CircuitBuilder b) {
        return Access.builder().subCircuits(b).size() - 1;
    }

    // ---- the steps -------------------------------------------------------------------------

    /** One group's cells at one step: after {@link #at}, lane r of the group is at cell (i[r], j[r]), or idle (i[r] = 0). */
    private final class Step {
        final int[] i = new int[lanes];
        final int[] j = new int[lanes];
        int active;
        int rowStarts;

        void at(long t, int group) {
            active = 0;
            rowStarts = 0;
            for (int r = 0; r < lanes; r++) {
                int lane = group * lanes + r;
                long c = t - lane;
                if (c < 0 || c >= (long) rowsOfLane[lane] * columns) {
                    i[r] = 0;
                    continue;
                }
                int q = (int) (c / columns);
                j[r] = (int) (c - (long) q * columns) + 1;
                i[r] = q * allLanes + lane + 1;
                active++;
                if (j[r] == 1) {
                    rowStarts++;
                }
            }
        }

        boolean isActive(int r) {
            return i[r] != 0;
        }

        /** Whether the step is one call of the block: every lane of the group busy. */
        boolean isBlock() {
            return active == lanes && lanes > 1;
        }

        int blockVariant() {
            int v = 0;
            for (int r = 0; r < lanes; r++) {
                v = Math.max(v, cell.variant(i[r], j[r]));
            }
            return v;
        }

        /** Non-linear gates of this step's calls. */
        long nonLinear() {
            if (isBlock()) {
                return nonLinearOf(blockIndex[blockVariant()]);
            }
            long k = 0;
            for (int r = 0; r < lanes; r++) {
                if (isActive(r)) {
                    k += nonLinearOf(singleIndex[cell.variant(i[r], j[r])]);
                }
            }
            return k;
        }
    }

    /** First step of group {@code g} in segment {@code s}. */
    private long firstStep(long s, int g) {
        return Math.min(steps, Math.max(0, (s - g) * segmentSteps));
    }

    /** The step after group {@code g}'s last in segment {@code s}. */
    private long endStep(long s, int g) {
        return Math.min(steps, Math.max(0, (s - g + 1) * segmentSteps));
    }

    /**
     * The body's work for groups [lo, hi), segment by segment, group by group, step by step: the
     * constant gates and calls each step makes, one instruction at a time.
     */
    private final class Work {
        static final int GATE = 0;
        static final int CALL = 1;
        static final int READOUT = 2;

        private final int lo;
        private final int hi;
        private final Step step = new Step();
        private final long init = 2L * (columns + 1) * record;
        long segment = -1;
        int group;
        private long t;
        private long end;
        private long initDone;
        private boolean readoutDone;
        // The current step's work: constant gates (slot, table), then calls (lane, or −1 for a block).
        private final int[] gateSlot = new int[lanes * record];
        private final int[] gateTable = new int[lanes * record];
        private int gateCount;
        private int gateNext;
        private final int[] callLane = new int[lanes];
        private int callCount;
        private int callNext;
        // What next() found: its kind, and a gate's slot and table or a call's lane.
        int kind;
        int slot;
        int table;
        int lane;

        Work(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        /** Moves to the next segment; false after the last. */
        boolean nextSegment() {
            if (segment + 1 >= segments) {
                return false;
            }
            segment++;
            group = lo;
            startGroup();
            return true;
        }

        private void startGroup() {
            if (group < hi) {
                t = firstStep(segment, group);
                end = endStep(segment, group);
            }
            gateCount = 0;
            gateNext = 0;
            callCount = 0;
            callNext = 0;
        }

        /** Finds the next instruction of this segment's work; false once it is done. */
        boolean next() {
            while (group < hi) {
                if (segment == 0 && group == 0 && initDone < init) {
                    long k = initDone++;
                    long inGroup = k / record;
                    int bit = (int) (k % record);
                    boolean one = inGroup <= columns && cell.topBoundary((int) inGroup, bit);
                    return gate((int) (buffer + k), one ? TruthTable.ONE : TruthTable.ZERO);
                }
                if (gateNext < gateCount) {
                    gateNext++;
                    return gate(gateSlot[gateNext - 1], gateTable[gateNext - 1]);
                }
                if (callNext < callCount) {
                    kind = CALL;
                    lane = callLane[callNext++];
                    return true;
                }
                if (t < end) {
                    plan(t++);
                    continue;
                }
                if (group == 0 && segment == segments - 1 && readoutIndex >= 0 && !readoutDone) {
                    readoutDone = true;
                    kind = READOUT;
                    return true;
                }
                group++;
                startGroup();
            }
            return false;
        }

        private boolean gate(int at, int tableOf) {
            kind = GATE;
            slot = at;
            table = tableOf;
            return true;
        }

        /** Lists step {@code s}'s constant gates and calls for the current group. */
        private void plan(long s) {
            step.at(s, group);
            gateCount = 0;
            gateNext = 0;
            callCount = 0;
            callNext = 0;
            for (int r = 0; r < lanes; r++) {
                if (step.isActive(r) && step.j[r] == 1) {
                    int i = step.i[r];
                    int g = group(i % 2, 0);
                    for (int b = 0; b < record; b++) {
                        gateSlot[gateCount] = g + b;
                        gateTable[gateCount++] = cell.leftBoundary(i, b) ? TruthTable.ONE : TruthTable.ZERO;
                    }
                }
            }
            if (step.isBlock()) {
                callLane[callCount++] = -1;
            } else {
                for (int r = 0; r < lanes; r++) {
                    if (step.isActive(r)) {
                        callLane[callCount++] = r;
                    }
                }
            }
        }

        /** The definition the current call ({@link #CALL} or {@link #READOUT}) runs. */
        int callee() {
            if (kind == READOUT) {
                return readoutIndex;
            }
            return lane < 0 ? blockIndex[step.blockVariant()]
                    : singleIndex[cell.variant(step.i[lane], step.j[lane])];
        }

        /** Writes the current call's slots (inputs, then outputs) into {@code dst}. */
        void callSlots(int[] dst) {
            if (kind == READOUT) {
                int[] f = cell.readoutFields();
                int at = 0;
                for (int j = 1; j <= columns; j++) {
                    at = fields(group(rows % 2, j), f, dst, at);
                }
                for (int b = 0; b < cell.outputWidth(); b++) {
                    dst[at++] = outBase + b;
                }
                return;
            }
            if (lane >= 0) {
                int i = step.i[lane];
                int j = step.j[lane];
                int v = cell.variant(i, j);
                outputs(i, j, v, dst, inputs(i, j, v, dst, 0));
                return;
            }
            int v = step.blockVariant();
            int at = 0;
            for (int r = 0; r < lanes; r++) {
                at = inputs(step.i[r], step.j[r], v, dst, at);
            }
            for (int r = 0; r < lanes; r++) {
                at = outputs(step.i[r], step.j[r], v, dst, at);
            }
        }

        String position() {
            return "segment " + segment + ", group " + group + ", step " + t;
        }
    }

    private int inputs(int i, int j, int v, int[] dst, int at) {
        int creatorChar = creatorRows ? i - 1 : j - 1;
        int evaluatorChar = creatorRows ? j - 1 : i - 1;
        for (int b = 0, s = creatorChar * cc; b < cc; b++) {
            dst[at++] = s + b;
        }
        for (int b = 0, s = evaluatorBase + evaluatorChar * ec; b < ec; b++) {
            dst[at++] = s + b;
        }
        int up = (i - 1) % 2;
        int here = i % 2;
        at = fields(group(up, j), topFields[v], dst, at);
        at = fields(group(here, j - 1), leftFields[v], dst, at);
        return fields(group(up, j - 1), diagFields[v], dst, at);
    }

    private int outputs(int i, int j, int v, int[] dst, int at) {
        return fields(group(i % 2, j), outFields[v], dst, at);
    }

    private static int fields(int base, int[] f, int[] dst, int at) {
        for (int b : f) {
            dst[at++] = base + b;
        }
        return at;
    }

    /** Generates the whole body, one instruction at a time. */
    private final class Reader extends AbstractInstructionReader {
        private final Work work = new Work(0, groups);
        private long emitted;

        @Override
        public boolean next() {
            while (!work.next()) {
                if (!work.nextSegment()) {
                    return false;
                }
            }
            emitted++;
            if (work.kind == Work.GATE) {
                gate(work.table, work.slot, 0, 0);
            } else {
                int index = work.callee();
                SubCircuit s = subs.get(index);
                work.callSlots(call(index, s.inputCount() + s.outputCount()));
            }
            return true;
        }

        @Override
        public String position() {
            return "call or gate " + emitted + " (" + work.position() + ")";
        }
    }

    /**
     * The schedule: of {@code n} pieces, piece p runs groups [⌊p·G/n⌋, ⌊(p + 1)·G/n⌋), which is
     * all of them for one piece and none for some when there are more pieces than groups. A
     * piece expands its calls into the frame of its first group, and holds one call's gates
     * expanded at a time (16 bytes a gate: a cell block's, or the readout's).
     */
    private final class Pieces implements Schedule {
        @Override
        public int maxSegmentNonLinear() {
            return (int) segmentNonLinear;
        }

        @Override
        public Piece open(int pieces, int piece) {
            if (pieces < 1 || piece < 0 || piece >= pieces) {
                throw new IllegalArgumentException("piece " + piece + " of " + pieces);
            }
            return new GroupPiece((int) ((long) piece * groups / pieces), (int) ((long) (piece + 1) * groups / pieces));
        }
    }

    /** Groups [lo, hi) of every segment, their calls expanded. */
    private final class GroupPiece implements Schedule.Piece {
        private final int lo;
        private final int hi;
        private final Work work;
        private final Step counter = new Step();
        /** Made at the first call: a piece that only counts, or has no groups, holds neither. */
        private CircuitWalker walker;
        private int[] slots;
        private final int frame;
        /** The expanded gates of the current call not handed out yet: {@code held[next .. count)}. */
        private int[] held = new int[0];
        private int heldCount;
        private int heldNext;
        private final GateSink hold = this::hold;
        private int before;
        private int own;
        private int total;

        GroupPiece(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
            this.work = new Work(lo, hi);
            this.frame = lo == 0 ? numSlots : frames + (lo - 1) * frameSize;
        }

        @Override
        public boolean nextSegment() {
            if (!work.nextSegment()) {
                return false;
            }
            before = 0;
            own = 0;
            total = 0;
            for (int g = 0; g < groups; g++) {
                long k = nonLinear(firstStep(work.segment, g), endStep(work.segment, g), g);
                if (g == 0 && work.segment == segments - 1) {
                    k += nonLinearOf(readoutIndex);
                }
                total += (int) k;
                if (g < lo) {
                    before += (int) k;
                } else if (g < hi) {
                    own += (int) k;
                }
            }
            return true;
        }

        /**
         * Non-linear gates of group {@code g}'s steps [from, to): with one cell variant, the
         * steps at which every lane of the group is busy are a block call each, counted at once.
         */
        private long nonLinear(long from, long to, int g) {
            long fullFrom = Math.max(from, (long) (g + 1) * lanes - 1);
            long fullTo = Math.min(to, fullEnd[g]);
            if (cell.variants() > 1 || lanes == 1 || fullFrom >= fullTo) {
                return stepByStep(from, to, g);
            }
            return stepByStep(from, fullFrom, g) + (fullTo - fullFrom) * nonLinearOf(blockIndex[0])
                    + stepByStep(fullTo, to, g);
        }

        private long stepByStep(long from, long to, int g) {
            long k = 0;
            for (long t = from; t < to; t++) {
                counter.at(t, g);
                k += counter.nonLinear();
            }
            return k;
        }

        @Override
        public int nonLinearBefore() {
            return before;
        }

        @Override
        public int nonLinear() {
            return own;
        }

        @Override
        public int segmentNonLinear() {
            return total;
        }

        @Override
        public int gates(int[] ops, int off, int max) throws java.io.IOException {
            int k = 0;
            while (k < max) {
                if (heldNext < heldCount) {
                    int c = Math.min(max - k, heldCount - heldNext);
                    System.arraycopy(held, 4 * heldNext, ops, off + 4 * k, 4 * c);
                    heldNext += c;
                    k += c;
                    continue;
                }
                if (!work.next()) {
                    break;
                }
                if (work.kind == Work.GATE) {
                    int i = off + 4 * k++;
                    ops[i] = work.slot;
                    ops[i + 1] = 0;
                    ops[i + 2] = 0;
                    ops[i + 3] = work.table;
                } else {
                    heldCount = 0;
                    heldNext = 0;
                    if (walker == null) {
                        walker = CircuitWalker.ofCalls(subs);
                        int most = 0;
                        for (SubCircuit s : subs) {
                            most = Math.max(most, s.inputCount() + s.outputCount());
                        }
                        slots = new int[most];
                    }
                    work.callSlots(slots);
                    walker.call(work.callee(), slots, frame, hold);
                }
            }
            return k;
        }

        private void hold(int[] ops, int count) {
            if (held.length < 4 * (heldCount + count)) {
                held = Arrays.copyOf(held, Math.max(2 * held.length, 4 * (heldCount + count)));
            }
            System.arraycopy(ops, 0, held, 4 * heldCount, 4 * count);
            heldCount += count;
        }
    }

    private static int[] range(int from, int count) {
        int[] r = new int[count];
        for (int k = 0; k < count; k++) {
            r[k] = from + k;
        }
        return r;
    }
}
