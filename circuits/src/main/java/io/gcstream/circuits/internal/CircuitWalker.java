package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Streams a circuit into a {@link GateSink} as batches of gates over absolute slots, expanding
 * sub-circuit calls on the fly without materialising the flat circuit.
 *
 * <p>The main body's frame is slots {@code [0, S)}. A call gets a fresh frame directly above
 * its caller's; arguments are copied in and results copied out with {@link TruthTable#COPY}
 * gates. Nested calls are expanded with an explicit stack of frames, not by recursion, so the
 * depth of nesting costs a few words per level of heap, never Java stack (readers bound it by
 * {@link Limits#MAX_NESTING}). Memory: one batch buffer, the frame stack, the reader's buffer
 * and the cached sub-circuit bodies. Not thread-safe; one walker per pass.
 */
public final class CircuitWalker {
    /** Gates per batch handed to the sink. */
    public static final int BATCH = 1024;

    private final Circuit circuit;
    private final List<SubCircuit> subs;
    /** Per definition, the table of its calls' first copy-in: COPY, or a split's mark. */
    private final int[] firstCopy;
    private final int[] ops = new int[4 * BATCH];
    private int count;
    private GateSink sink;

    // The frame stack, one entry per call being expanded (index 0: a call of the main body).
    /** The definition a frame runs. */
    private SubCircuit[] frameSub = new SubCircuit[8];
    /** Its body's code and length. */
    private int[][] frameCode = new int[8][];
    private int[] frameEnd = new int[8];
    /** Where the frame resumes in its body after a nested call returns. */
    private int[] framePc = new int[8];
    /** First absolute slot of the frame. */
    private int[] frameBase = new int[8];
    /** The caller's slots bound to this call: {@code frameArgs[k][frameArgOff[k] ..]}. */
    private int[][] frameArgs = new int[8][];
    private int[] frameArgOff = new int[8];
    /** First absolute slot of the caller's frame. */
    private int[] frameCallerBase = new int[8];

    public CircuitWalker(Circuit circuit) {
        this(circuit, null);
    }

    /**
     * A walker that walks the calls of {@code plan}'s split definitions in their split form
     * and marks where each such call starts ({@link SplitPlan}); null: the plain walk.
     */
    public CircuitWalker(Circuit circuit, SplitPlan plan) {
        this(circuit, plan == null ? Circuits.subCircuits(circuit) : plan.subCircuits(), plan);
    }

    private CircuitWalker(Circuit circuit, List<SubCircuit> subs, SplitPlan plan) {
        this.circuit = circuit;
        this.subs = subs;
        this.firstCopy = new int[subs.size()];
        for (int k = 0; k < firstCopy.length; k++) {
            firstCopy[k] = plan == null || plan.mark(k) == 0 ? TruthTable.COPY : plan.mark(k);
        }
    }

    /**
     * A walker that expands single calls of {@code definitions} ({@link #call}), for a generator
     * that hands out a body's pieces with their calls expanded ({@link Schedule}); it cannot
     * {@link #walk}.
     */
    public static CircuitWalker ofCalls(List<SubCircuit> definitions) {
        return new CircuitWalker(null, List.copyOf(definitions), null);
    }

    /**
     * Hands to {@code sink} the gates of one call of definition {@code callee} bound to main-frame
     * slots {@code args[0 ..]} (inputs, then outputs), its frame at {@code base}: what a walk
     * hands on for that call, with the frame moved from the main frame's end to {@code base}.
     */
    public void call(int callee, int[] args, int base, GateSink sink) throws IOException {
        this.sink = sink;
        count = 0;
        try {
            expand(callee, args, base);
            flush();
        } finally {
            Arrays.fill(frameCode, null);
            Arrays.fill(frameArgs, null);
            Arrays.fill(frameSub, null);
            this.sink = null;
        }
    }

    /**
     * The number of gates a walk of {@code circuit} hands to its sink: {@link Circuit#gateCount()}
     * plus the copy gates that move every call's arguments and results. Reads the main body once
     * (calls are not expanded), for progress bars that count walked gates.
     */
    public static long gatesWalked(Circuit circuit) throws IOException {
        List<SubCircuit> subs = Circuits.subCircuits(circuit);
        long[] copies = new long[subs.size()];
        for (int k = 0; k < subs.size(); k++) {
            SubCircuit sub = subs.get(k);
            long c = sub.inputCount() + sub.outputCount();
            int[] code = sub.body().code();
            int end = sub.body().length();
            int pc = 0;
            while (pc < end) {
                if (code[pc] >= 0) {
                    pc += 4;
                } else {
                    int callee = -code[pc] - 1;
                    c = saturatedAdd(c, copies[callee]);
                    pc += 1 + subs.get(callee).inputCount() + subs.get(callee).outputCount();
                }
            }
            copies[k] = c;
        }
        long walked = circuit.gateCount();
        try (InstructionReader r = Circuits.openBody(circuit)) {
            while (r.next()) {
                if (r.isCall()) {
                    walked = saturatedAdd(walked, copies[r.callee()]);
                }
            }
        }
        return walked;
    }

    /** a + b for non-negative counts, at most Long.MAX_VALUE (deep nesting multiplies counts). */
    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /** One full pass over the circuit. */
    public void walk(GateSink sink) throws IOException {
        if (circuit == null) {
            throw new IllegalStateException("a walker of calls only");
        }
        this.sink = sink;
        count = 0;
        int frameTop = circuit.numSlots();
        try (InstructionReader reader = Circuits.openBody(circuit)) {
            while (true) {
                // Gates of the main body go straight into the batch; calls expand below.
                int room = BATCH - count;
                int n = reader.nextGates(ops, 4 * count, room);
                if (n < 0) {
                    break;
                }
                count += n;
                if (count == BATCH) {
                    flush();
                }
                if (n < room && reader.isCall()) {
                    expand(reader.callee(), reader.callSlots(), frameTop);
                }
            }
        } finally {
            // Drop references into bodies and the sink, so a kept walker holds nothing else.
            Arrays.fill(frameCode, null);
            Arrays.fill(frameArgs, null);
            Arrays.fill(frameSub, null);
        }
        flush();
        this.sink = null;
    }

    /**
     * Runs a call of {@code sub} from the main body, bound to main slots {@code args[0 ..]}
     * (inputs, then outputs), in the frame at {@code base}, with every nested call inside.
     */
    private void expand(int sub, int[] args, int base) throws IOException {
        enter(0, sub, args, 0, 0, base);
        int depth = 1;
        final int[] ops = this.ops;
        while (depth > 0) {
            int f = depth - 1;
            int[] code = frameCode[f];
            int end = frameEnd[f];
            int pc = framePc[f];
            int calleeBase = frameBase[f];
            boolean nested = false;
            while (pc < end) {
                int op = code[pc];
                if (op >= 0) {
                    // A run of gates, as many as the batch has room for, in one tight loop: the
                    // bodies of large circuits' sub-circuits are where most gates come from.
                    int c = count;
                    int i = c << 2;
                    int stop = Math.min(end, pc + 4 * (BATCH - c));
                    while (pc < stop && code[pc] >= 0) {
                        ops[i] = calleeBase + code[pc + 1];
                        ops[i + 1] = calleeBase + code[pc + 2];
                        ops[i + 2] = calleeBase + code[pc + 3];
                        ops[i + 3] = code[pc];
                        i += 4;
                        pc += 4;
                    }
                    count = i >> 2;
                    if (count == BATCH) {
                        flush();
                    }
                } else {
                    SubCircuit callee = subs.get(-op - 1);
                    framePc[f] = pc + 1 + callee.inputCount() + callee.outputCount();
                    enter(depth, -op - 1, code, pc + 1, calleeBase, calleeBase + frameSub[f].numSlots());
                    depth++;
                    nested = true;
                    break;
                }
            }
            if (!nested) {
                leave(f);
                depth--;
            }
        }
    }

    /**
     * Pushes frame {@code f}: definition {@code index} at {@code calleeBase}, bound to caller slots
     * {@code args[off ..]} of the frame at {@code callerBase}; copies the arguments in.
     */
    private void enter(int f, int index, int[] args, int off, int callerBase, int calleeBase)
            throws IOException {
        if (f == frameSub.length) {
            grow();
        }
        SubCircuit sub = subs.get(index);
        int nIn = sub.inputCount();
        for (int i = 0; i < nIn; i++) {
            int from = callerBase + args[off + i];
            emit(calleeBase + sub.inputSlot(i), from, from, i == 0 ? firstCopy[index] : TruthTable.COPY);
        }
        Body body = sub.body();
        frameSub[f] = sub;
        frameCode[f] = body.code();
        frameEnd[f] = body.length();
        framePc[f] = 0;
        frameBase[f] = calleeBase;
        frameArgs[f] = args;
        frameArgOff[f] = off;
        frameCallerBase[f] = callerBase;
    }

    /** Pops frame {@code f}: copies its results out to the caller's slots. */
    private void leave(int f) {
        SubCircuit sub = frameSub[f];
        int[] args = frameArgs[f];
        int off = frameArgOff[f] + sub.inputCount();
        int callerBase = frameCallerBase[f];
        int calleeBase = frameBase[f];
        int nOut = sub.outputCount();
        for (int j = 0; j < nOut; j++) {
            int from = calleeBase + sub.outputSlot(j);
            emit(callerBase + args[off + j], from, from, TruthTable.COPY);
        }
        frameCode[f] = null;
        frameArgs[f] = null;
    }

    private void grow() {
        int n = 2 * frameSub.length;
        frameSub = Arrays.copyOf(frameSub, n);
        frameCode = Arrays.copyOf(frameCode, n);
        frameEnd = Arrays.copyOf(frameEnd, n);
        framePc = Arrays.copyOf(framePc, n);
        frameBase = Arrays.copyOf(frameBase, n);
        frameArgs = Arrays.copyOf(frameArgs, n);
        frameArgOff = Arrays.copyOf(frameArgOff, n);
        frameCallerBase = Arrays.copyOf(frameCallerBase, n);
    }

    private void emit(int out, int in1, int in2, int table) {
        int i = count << 2;
        ops[i] = out;
        ops[i + 1] = in1;
        ops[i + 2] = in2;
        ops[i + 3] = table;
        if (++count == BATCH) {
            flush();
        }
    }

    private void flush() {
        if (count > 0) {
            sink.gates(ops, count);
            count = 0;
        }
    }
}
