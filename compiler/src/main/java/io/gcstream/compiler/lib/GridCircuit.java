package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.GeneratedCircuit;
import io.gcstream.circuits.internal.InstructionReader;
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
 * none of them depends on another. A step with all K lanes busy is one call of a <em>block</em>
 * sub-circuit of K cells whose gates are ordered by AND depth, so every hash batch holds K
 * gates; the first and last K − 1 steps (and the end of lanes with fewer rows) call the
 * single-cell sub-circuit per busy lane, in lane order. K = min(16, C − 1, R), at least 1.
 *
 * <p><b>Slots.</b> The main frame holds the creator's input bits, then the evaluator's, then
 * two rows of records: group (p, j), p = 0, 1, j = 0 .. C, at
 * {@code BUF + (p·(C + 1) + j)·O} holds the record of cell (i, j) for the last i with i mod 2
 * = p; then the output slots of the readout, if any. A cell's record is written over the one
 * two rows up, which every reader of that record has read by then (it is read only from its
 * own row and the next); within a step, lanes are called in lane order (in a block, all
 * arguments are copied in before any result is copied out). The body starts with constant
 * gates writing row 0's records into parity 0 and zeros into parity 1; when a lane starts row
 * i, constant gates write record (i, 0). The readout, if the cell has one, is called last on
 * the last row's records.
 *
 * <p>Counts are computed by a pass over the schedule (no gates), linear in the cells.
 * Immutable after construction.
 */
final class GridCircuit {
    /** Most lanes: 16 cells per block keep the engines' hash batches full. */
    static final int MAX_LANES = 16;

    private final GridCell cell;
    private final int n;
    private final int m;
    private final int rows;
    private final int columns;
    private final boolean creatorRows;
    private final int lanes;
    private final int cc;
    private final int ec;
    private final int record;
    private final int evaluatorBase;
    private final int buffer;
    private final int outBase;
    private final int numSlots;
    private final int[] rowsOfLane;
    private final long steps;
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

    GridCircuit(GridCell cell, int n, int m) {
        this(cell, n, m, MAX_LANES);
    }

    /**
     * The grid for the creator's {@code n} and the evaluator's {@code m} characters with at most
     * {@code maxLanes} lanes.
     *
     * @throws IllegalArgumentException if a size is below 1 or the slots do not fit an int
     */
    GridCircuit(GridCell cell, int n, int m, int maxLanes) {
        if (n < 1 || m < 1 || maxLanes < 1) {
            throw new IllegalArgumentException("string lengths and lanes must be at least 1");
        }
        this.cell = cell;
        this.n = n;
        this.m = m;
        this.creatorRows = n >= m;
        this.rows = Math.max(n, m);
        this.columns = Math.min(n, m);
        this.lanes = Math.max(1, Math.min(maxLanes, Math.min(columns - 1, rows)));
        this.cc = cell.creatorCharBits();
        this.ec = cell.evaluatorCharBits();
        this.record = cell.recordBits();
        if (record < 1) {
            throw new IllegalArgumentException("records must have at least 1 bit, not " + record);
        }
        long inputs = (long) n * cc + (long) m * ec;
        long buf = 2L * (columns + 1) * record;
        long out = cell.readoutFields() == null ? 0 : cell.outputWidth();
        if (inputs + buf + out > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException(String.format("%d x %d characters need %,d slots, more than"
                    + " a circuit can address", n, m, inputs + buf + out));
        }
        this.evaluatorBase = n * cc;
        this.buffer = (int) inputs;
        this.outBase = (int) (inputs + buf);
        this.numSlots = (int) (inputs + buf + out);
        this.rowsOfLane = new int[lanes];
        long last = 0;
        for (int r = 0; r < lanes; r++) {
            rowsOfLane[r] = r < rows ? (rows - 1 - r) / lanes + 1 : 0;
            last = Math.max(last, r + (long) rowsOfLane[r] * columns);
        }
        this.steps = last;
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
    }

    int rows() {
        return rows;
    }

    int columns() {
        return columns;
    }

    int lanes() {
        return lanes;
    }

    /** The streamed circuit: its body is generated on every pass and checked as it is read. */
    Circuit circuit() {
        int[] outs = outputs();
        return GeneratedCircuit.builder()
                .name(cell.name() + " grid " + n + "x" + m)
                .creatorInputs(range(0, n * cc))
                .evaluatorInputs(range(evaluatorBase, m * ec))
                .creatorOutputs(outs)
                .evaluatorOutputs(outs)
                .numSlots(numSlots)
                .subCircuits(subs)
                .counts(instructions, gates, nonLinear, deepest)
                .body(Reader::new)
                .build();
    }

    /**
     * The same circuit with its body held in memory and checked by {@link Circuit.Builder}: for
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
        Circuit.Builder b = Circuit.builder();
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

    /** Counts the calls of each definition by a pass over the schedule, then compiles those used. */
    private void define() {
        int v = cell.variants();
        long[] singleCalls = new long[v];
        long[] blockCalls = new long[v];
        long boundaryGates = 0;
        Steps s = new Steps();
        while (s.advance()) {
            boundaryGates += (long) s.rowStarts * record;
            if (s.active == lanes && lanes > 1) {
                blockCalls[s.blockVariant()]++;
            } else {
                for (int r = 0; r < lanes; r++) {
                    if (s.isActive(r)) {
                        singleCalls[cell.variant(s.i[r], s.j[r])]++;
                    }
                }
            }
        }
        CircuitBuilder b = new CircuitBuilder();
        List<Integer> blockDefs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        String suffix = v > 1 ? "_v" : "";
        for (int k = 0; k < v; k++) {
            singleIndex[k] = -1;
            if (singleCalls[k] > 0) {
                String name = cell.name() + "_cell" + (v > 1 ? suffix + k : "");
                singleIndex[k] = defineCells(b, name, k, 1);
                names.add(name);
            }
        }
        for (int k = 0; k < v; k++) {
            blockIndex[k] = -1;
            if (blockCalls[k] > 0) {
                String name = cell.name() + "_block" + lanes + (v > 1 ? suffix + k : "");
                blockIndex[k] = defineCells(b, name, k, lanes);
                blockDefs.add(blockIndex[k]);
                names.add(name);
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

    // ---- the schedule ----------------------------------------------------------------------

    /** Walks the steps: after {@link #advance()}, the lanes' cells of step t. */
    private final class Steps {
        long t = -1;
        final int[] i = new int[lanes];
        final int[] j = new int[lanes];
        int active;
        int rowStarts;

        boolean advance() {
            if (++t >= steps) {
                return false;
            }
            active = 0;
            rowStarts = 0;
            for (int r = 0; r < lanes; r++) {
                long c = t - r;
                if (c < 0 || c >= (long) rowsOfLane[r] * columns) {
                    i[r] = 0;
                    continue;
                }
                int q = (int) (c / columns);
                j[r] = (int) (c - (long) q * columns) + 1;
                i[r] = q * lanes + r + 1;
                active++;
                if (j[r] == 1) {
                    rowStarts++;
                }
            }
            return true;
        }

        boolean isActive(int r) {
            return i[r] != 0;
        }

        int blockVariant() {
            int v = 0;
            for (int r = 0; r < lanes; r++) {
                v = Math.max(v, cell.variant(i[r], j[r]));
            }
            return v;
        }
    }

    /** Generates the body: constant gates and calls, one instruction at a time. */
    private final class Reader extends AbstractInstructionReader {
        private final Steps steps = new Steps();
        private final long init = 2L * (columns + 1) * record;
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
        private long emitted;

        @Override
        public boolean next() {
            while (true) {
                if (initDone < init) {
                    emitInit();
                    return true;
                }
                if (gateNext < gateCount) {
                    gate(gateTable[gateNext], gateSlot[gateNext], 0, 0);
                    gateNext++;
                    emitted++;
                    return true;
                }
                if (callNext < callCount) {
                    emitCall(callLane[callNext++]);
                    emitted++;
                    return true;
                }
                if (steps.advance()) {
                    plan();
                    continue;
                }
                if (readoutIndex >= 0 && !readoutDone) {
                    readoutDone = true;
                    emitReadout();
                    emitted++;
                    return true;
                }
                return false;
            }
        }

        private void emitInit() {
            long k = initDone++;
            emitted++;
            int slot = (int) (buffer + k);
            long inGroup = k / record;
            int bit = (int) (k % record);
            boolean one = inGroup <= columns && cell.topBoundary((int) inGroup, bit);
            gate(one ? TruthTable.ONE : TruthTable.ZERO, slot, 0, 0);
        }

        /** Lists the current step's constant gates and calls. */
        private void plan() {
            gateCount = 0;
            gateNext = 0;
            callCount = 0;
            callNext = 0;
            for (int r = 0; r < lanes; r++) {
                if (steps.isActive(r) && steps.j[r] == 1) {
                    int i = steps.i[r];
                    int g = group(i % 2, 0);
                    for (int b = 0; b < record; b++) {
                        gateSlot[gateCount] = g + b;
                        gateTable[gateCount++] = cell.leftBoundary(i, b) ? TruthTable.ONE : TruthTable.ZERO;
                    }
                }
            }
            if (steps.active == lanes && lanes > 1) {
                callLane[callCount++] = -1;
            } else {
                for (int r = 0; r < lanes; r++) {
                    if (steps.isActive(r)) {
                        callLane[callCount++] = r;
                    }
                }
            }
        }

        private void emitCall(int lane) {
            if (lane < 0) {
                int v = steps.blockVariant();
                int index = blockIndex[v];
                SubCircuit s = subs.get(index);
                int[] dst = call(index, s.inputCount() + s.outputCount());
                int at = 0;
                for (int r = 0; r < lanes; r++) {
                    at = inputs(steps.i[r], steps.j[r], v, dst, at);
                }
                for (int r = 0; r < lanes; r++) {
                    at = outputs(steps.i[r], steps.j[r], v, dst, at);
                }
                return;
            }
            int i = steps.i[lane];
            int j = steps.j[lane];
            int v = cell.variant(i, j);
            int index = singleIndex[v];
            SubCircuit s = subs.get(index);
            int[] dst = call(index, s.inputCount() + s.outputCount());
            outputs(i, j, v, dst, inputs(i, j, v, dst, 0));
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

        private int fields(int base, int[] f, int[] dst, int at) {
            for (int b : f) {
                dst[at++] = base + b;
            }
            return at;
        }

        private void emitReadout() {
            SubCircuit s = subs.get(readoutIndex);
            int[] dst = call(readoutIndex, s.inputCount() + s.outputCount());
            int[] f = cell.readoutFields();
            int at = 0;
            for (int j = 1; j <= columns; j++) {
                at = fields(group(rows % 2, j), f, dst, at);
            }
            for (int b = 0; b < cell.outputWidth(); b++) {
                dst[at++] = outBase + b;
            }
        }

        @Override
        public String position() {
            return "call or gate " + emitted + " (step " + steps.t + ")";
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
