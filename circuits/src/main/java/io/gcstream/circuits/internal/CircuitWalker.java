package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.List;

/**
 * Streams a circuit into a {@link GateSink} as batches of gates over absolute slots, expanding
 * sub-circuit calls on the fly without materialising the flat circuit.
 *
 * <p>The main body's frame is slots {@code [0, S)}. A call gets a fresh frame directly above
 * its caller's; arguments are copied in and results copied out with {@link TruthTable#COPY}
 * gates. Memory: one batch buffer, the reader's buffer and the cached sub-circuit bodies.
 * Not thread-safe; one walker per pass.
 */
public final class CircuitWalker {
    /** Gates per batch handed to the sink. */
    public static final int BATCH = 1024;

    private final Circuit circuit;
    private final List<SubCircuit> subs;
    private final int[] ops = new int[4 * BATCH];
    private int count;
    private GateSink sink;

    public CircuitWalker(Circuit circuit) {
        this.circuit = circuit;
        this.subs = circuit.subCircuits();
    }

    /**
     * The number of gates a walk of {@code circuit} hands to its sink: {@link Circuit#gateCount()}
     * plus the copy gates that move every call's arguments and results. Reads the main body once
     * (calls are not expanded), for progress bars that count walked gates.
     */
    public static long gatesWalked(Circuit circuit) throws IOException {
        List<SubCircuit> subs = circuit.subCircuits();
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
                    c += copies[callee];
                    pc += 1 + subs.get(callee).inputCount() + subs.get(callee).outputCount();
                }
            }
            copies[k] = c;
        }
        long walked = circuit.gateCount();
        try (InstructionReader r = circuit.openBody()) {
            while (r.next()) {
                if (r.isCall()) {
                    walked += copies[r.callee()];
                }
            }
        }
        return walked;
    }

    /** One full pass over the circuit. */
    public void walk(GateSink sink) throws IOException {
        this.sink = sink;
        count = 0;
        int frameTop = circuit.numSlots();
        try (InstructionReader reader = circuit.openBody()) {
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
                    call(subs.get(reader.callee()), reader.callSlots(), 0, 0, frameTop);
                }
            }
        }
        flush();
        this.sink = null;
    }

    /**
     * Runs {@code sub} in the frame at {@code calleeBase}, bound to caller slots
     * {@code args[off ..]} (inputs, then outputs) of the frame at {@code callerBase}.
     */
    private void call(SubCircuit sub, int[] args, int off, int callerBase, int calleeBase)
            throws IOException {
        int nIn = sub.inputCount();
        for (int i = 0; i < nIn; i++) {
            int from = callerBase + args[off + i];
            emit(calleeBase + sub.inputSlot(i), from, from, TruthTable.COPY);
        }
        Body body = sub.body();
        int[] code = body.code();
        int end = body.length();
        int nestedBase = calleeBase + sub.numSlots();
        int pc = 0;
        final int[] ops = this.ops;
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
                call(callee, code, pc + 1, calleeBase, nestedBase);
                pc += 1 + callee.inputCount() + callee.outputCount();
            }
        }
        int nOut = sub.outputCount();
        for (int j = 0; j < nOut; j++) {
            int from = calleeBase + sub.outputSlot(j);
            emit(callerBase + args[off + nIn + j], from, from, TruthTable.COPY);
        }
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
