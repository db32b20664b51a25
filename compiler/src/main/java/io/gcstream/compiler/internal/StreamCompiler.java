package io.gcstream.compiler.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.GeneratedCircuit;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import java.util.Arrays;
import java.util.List;

/**
 * Compiles a main body of any length in bounded memory, as KSS12's compiler did: the body is
 * written to a {@link Spill} as it is made (through a {@link FrontEnd}, which has already folded
 * constants and merged duplicates), then two streaming passes over what was written do what
 * needs the whole body:
 *
 * <ol>
 *   <li><b>Backward</b> (last instruction first): dead-instruction elimination and last uses.
 *       A set holds the nodes read later whose definition has not been reached yet — the live
 *       values at that point, nothing else. An instruction none of whose results is in it is
 *       dead; a read of a node not in it is that node's last use. The survivors are written,
 *       with a last-use bit per read and a never-read bit per call result, to a second spill.
 *   <li><b>Forward</b> (reading the second spill backward, which is the body's order):
 *       slot allocation, a window of up to {@value #WINDOW} instructions at a time. A map holds
 *       the slot of every live node; the free slots are a tree of bits, lowest first. Within a
 *       window the instructions may be reordered ({@link Reorder}: depth-first, greedy, by AND
 *       depth) when that can lower S; see {@link WindowSlotAllocator}.
 * </ol>
 *
 * <p>The slot-ID body then goes to memory (a {@link Body}, when it has at most
 * {@value #WINDOW} instructions) or to a third spill that every later pass —
 * hashing, writing a file, simulating, garbling — streams through a {@link GeneratedCircuit},
 * which checks each instruction as it is read. Memory: the live values (two ints a node in the
 * backward set and the forward map), the free slots (a bit a slot), one window, the
 * front end's bounded tables and the spills' 64 KiB buffers; never anything per gate of the
 * body. A body that fits in one window is allocated exactly as {@link Program#compile} would
 * allocate the same instruction list.
 */
public final class StreamCompiler implements FrontEnd.Sink {
    /** Instructions per window of the forward pass (and the largest body kept in memory). */
    public static final int WINDOW = 1 << 16;
    /** Ints of instruction code per window (calls with many arguments fill it sooner). */
    static final int WINDOW_INTS = 1 << 18;

    // Spill opcodes of the first spill (program order, read backward).
    private static final int S1_ONE_INPUT = 16;
    private static final int S1_INPUT = 32;
    private static final int S1_CALL = 33;
    // Opcodes of the second spill (reverse order, read backward) and the slot body.
    static final int ONE_INPUT = 16;
    static final int CALL = 32;

    private final String name;
    private final int window;
    private final FrontEnd front;
    private Spill first;

    /** How the forward pass orders instructions. */
    public record Options(boolean reorder, int levelSlack) {
        /** Reordering for the smallest S, no AND-depth order (programs built in Java). */
        public static Options defaults() {
            return new Options(true, -1);
        }
    }

    /** @param name names the body in messages ("main circuit") */
    public StreamCompiler(String name) {
        this(name, WINDOW);
    }

    /** With windows of {@code window} instructions (tests use tiny ones to exercise the seams). */
    public StreamCompiler(String name, int window) {
        if (window < 1 || window > WINDOW) {
            throw new IllegalArgumentException("window " + window + " is not in 1.." + WINDOW);
        }
        this.name = name;
        this.window = window;
        this.first = new Spill(name);
        this.front = new FrontEnd(this, name);
    }

    /** The front end the body is written through. */
    public FrontEnd front() {
        return front;
    }

    // ---- the first spill (FrontEnd.Sink) ----------------------------------------------------

    @Override
    public void input(int node) {
        first.write(S1_INPUT);
    }

    @Override
    public void gate(int node, int table, int a, int b) {
        if (a == b) {
            first.write(node - a);
            first.write(S1_ONE_INPUT + table);
        } else {
            first.write(node - a);
            first.write(node - b);
            first.write(table);
        }
    }

    @Override
    public void call(int callee, int[] args, int nArgs, int firstResult, int nOut) {
        for (int i = 0; i < nArgs; i++) {
            first.write(firstResult - args[i]);
        }
        first.write(S1_CALL + callee);
    }

    /** Bytes of the first spill so far (for tests and reports). */
    public long spilledBytes() {
        return first == null ? 0 : first.size();
    }

    /**
     * The body written so far as a {@link GateList} (node n is wire n + 1), with the inputs in
     * slot order and the output literals as wires (a negated one through a NOT gate added to the
     * copy): for inspection and tests of small programs, whose first spill is still in memory.
     */
    public GateList snapshot(List<Program.Sub> subs, int[] inputs, int[] outputs) {
        if (first.onDisk()) {
            throw new IllegalStateException(name + " is too large to copy into memory ("
                    + first.size() + " bytes spilled)");
        }
        Spill copy = first.snapshot();
        Spill.Backward in = copy.backward();
        // Records last to first, then replayed first to last.
        int[] ops = new int[64];
        int[][] fields = new int[64][];
        int n = 0;
        while (in.hasMore()) {
            int op = in.read();
            int[] f;
            if (op < S1_ONE_INPUT) {
                int db = in.read();
                f = new int[] {in.read(), db};
            } else if (op < S1_INPUT) {
                f = new int[] {in.read()};
            } else if (op == S1_INPUT) {
                f = new int[0];
            } else {
                f = new int[subs.get(op - S1_CALL).body().inputCount()];
                for (int j = f.length - 1; j >= 0; j--) {
                    f[j] = in.read();
                }
            }
            if (n == ops.length) {
                ops = Arrays.copyOf(ops, 2 * n);
                fields = Arrays.copyOf(fields, 2 * n);
            }
            ops[n] = op;
            fields[n++] = f;
        }
        GateList g = new GateList();
        for (int i = n - 1; i >= 0; i--) {
            int op = ops[i];
            int[] f = fields[i];
            int node = g.wireCount() - 1;
            if (op < S1_ONE_INPUT) {
                g.gate(op, node - f[0] + 1, node - f[1] + 1);
            } else if (op < S1_INPUT) {
                g.gate(op - S1_ONE_INPUT, node - f[0] + 1, node - f[0] + 1);
            } else if (op == S1_INPUT) {
                g.addInput();
            } else {
                int[] args = new int[f.length];
                for (int j = 0; j < f.length; j++) {
                    args[j] = node - f[j] + 1;
                }
                g.call(op - S1_CALL, subs.get(op - S1_CALL).body().outputs().length, args);
            }
        }
        int[] order = new int[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            order[i] = inputs[i] + 1;
        }
        g.setInputOrder(order);
        int[] outs = new int[outputs.length];
        for (int i = 0; i < outputs.length; i++) {
            int x = outputs[i] >>> 1;
            int w = x == 0 ? GateList.ZERO : x + 1;
            outs[i] = (outputs[i] & 1) == 0 ? w : x == 0 ? GateList.ONE
                    : g.gate(io.gcstream.circuits.internal.TruthTable.NOT, w, w);
        }
        g.setOutputs(outs);
        return g;
    }

    /** Frees the spills (after a failure; {@link #compile} frees them itself). */
    public void discard() {
        if (first != null) {
            first.close();
        }
    }

    // ---- compiling ---------------------------------------------------------------------------

    /**
     * Runs the passes and returns the checked circuit. The builder must not be used afterwards.
     *
     * @param subs          the sub-circuits the body calls, by index
     * @param inputs        the input nodes in slot order: the creator's bits, then the evaluator's
     * @param creatorInputs how many of {@code inputs} are the creator's
     * @param outputs       the output nodes (see {@link FrontEnd#nodes}), creator's first
     * @param creatorOutputs how many of {@code outputs} are the creator's
     */
    public Circuit compile(List<SubCircuit> subs, int[] inputs, int creatorInputs, int[] outputs,
            int creatorOutputs, Options options) {
        Spill s1 = first.finish();
        first = null;
        front.forget();
        Spill s2 = new Spill(name);
        try {
            Backward back = new Backward(s1, s2, subs, outputs);
            back.run();
            s1.close();
            s2.finish();
            boolean single = back.kept <= window && back.codeInts <= WINDOW_INTS;
            WindowSlotAllocator fwd = new WindowSlotAllocator(s2, subs, inputs, outputs, back::read, single, window,
                    options, name);
            fwd.run();
            s2.close();
            int[] slots = fwd.outputSlots();
            int[] in = new int[inputs.length];
            for (int i = 0; i < in.length; i++) {
                in[i] = i;
            }
            int[] cIn = Arrays.copyOf(in, creatorInputs);
            int[] eIn = Arrays.copyOfRange(in, creatorInputs, in.length);
            int[] cOut = Arrays.copyOf(slots, creatorOutputs);
            int[] eOut = Arrays.copyOfRange(slots, creatorOutputs, slots.length);
            Emitter e = fwd.emitter;
            if (e.body != null) {
                Circuit.Builder cb = Circuit.builder();
                for (SubCircuit s : subs) {
                    cb.addSubCircuit(s);
                }
                return cb.creatorInputs(cIn).evaluatorInputs(eIn).creatorOutputs(cOut).evaluatorOutputs(eOut)
                        .numSlots(fwd.freeSlots.high()).body(e.body.build()).build();
            }
            Spill s3 = e.spill.finish();
            SpilledBody body = new SpilledBody(s3, subs);
            return GeneratedCircuit.builder().name(name).creatorInputs(cIn).evaluatorInputs(eIn)
                    .creatorOutputs(cOut).evaluatorOutputs(eOut).numSlots(fwd.freeSlots.high()).subCircuits(subs)
                    .counts(e.instructions, e.gates, e.nonLinear, e.deepestCall).body(body).build();
        } catch (RuntimeException | Error e) {
            s1.close();
            s2.close();
            throw e;
        }
    }

    private static int inCount(List<SubCircuit> subs, int callee) {
        return subs.get(callee).inputCount();
    }

    private static int outCount(List<SubCircuit> subs, int callee) {
        return subs.get(callee).outputCount();
    }

    /** The backward pass: dead instructions out, last-use bits in. */
    private final class Backward {
        private final Spill.Backward in;
        private final Spill out;
        private final List<SubCircuit> subs;
        private final NodeSet live = new NodeSet();
        long kept;
        long codeInts;
        boolean hasCalls;

        Backward(Spill s1, Spill s2, List<SubCircuit> subs, int[] outputs) {
            this.in = s1.backward();
            this.out = s2;
            this.subs = subs;
            for (int o : outputs) {
                live.add(o);
            }
        }

        void run() {
            int cur = front.nodeCount() - 1;
            int next = -1; // first node of the instruction written last (the next in program order)
            int[] args = new int[16];
            while (in.hasMore()) {
                int op = in.read();
                if (op < S1_INPUT) {
                    int node = cur--;
                    int da = in.read();
                    int db = da;
                    if (op < S1_ONE_INPUT) {
                        db = da;
                        da = in.read();
                    }
                    if (!live.remove(node)) {
                        continue;
                    }
                    int a = node - da;
                    int b = node - db;
                    boolean lastA = live.add(a);
                    out.write(next < 0 ? 0 : next - node);
                    if (op >= S1_ONE_INPUT) {
                        out.write(((long) da << 1) | (lastA ? 1 : 0));
                        out.write(ONE_INPUT + (op - S1_ONE_INPUT));
                        codeInts += 4;
                    } else {
                        boolean lastB = live.add(b);
                        out.write(((long) da << 1) | (lastA ? 1 : 0));
                        out.write(((long) db << 1) | (lastB ? 1 : 0));
                        out.write(op);
                        codeInts += 4;
                    }
                    next = node;
                    kept++;
                } else if (op == S1_INPUT) {
                    cur--;
                } else {
                    int callee = op - S1_CALL;
                    int nIn = inCount(subs, callee);
                    int nOut = outCount(subs, callee);
                    int f = cur - nOut + 1;
                    cur -= nOut;
                    if (args.length < nIn) {
                        args = new int[nIn];
                    }
                    for (int j = nIn - 1; j >= 0; j--) {
                        args[j] = f - in.read();
                    }
                    boolean keep = false;
                    for (int j = 0; j < nOut && !keep; j++) {
                        keep = live.contains(f + j);
                    }
                    if (!keep) {
                        continue;
                    }
                    out.write(next < 0 ? 0 : next - (f + nOut - 1));
                    for (int j = 0; j < nOut; j++) {
                        out.write(live.remove(f + j) ? 0 : 1);
                    }
                    for (int j = 0; j < nIn; j++) {
                        boolean last = live.add(args[j]);
                        out.write(((long) (f - args[j]) << 1) | (last ? 1 : 0));
                    }
                    out.write(CALL + callee);
                    next = f;
                    kept++;
                    codeInts += 3 + nIn + nOut;
                    hasCalls = true;
                }
            }
            out.write(next < 0 ? 0 : next);
        }

        /** True if input node {@code node} is read (or is an output). */
        boolean read(int node) {
            return live.contains(node);
        }
    }

    /** Receives the allocated instructions: in memory for a small body, else the third spill. */
    static final class Emitter {
        final Body.Builder body;
        final Spill spill;
        private final List<SubCircuit> subs;
        private int prevOut;
        long instructions;
        long gates;
        long nonLinear;
        long deepestCall;

        Emitter(boolean inMemory, List<SubCircuit> subs, String name) {
            this.body = inMemory ? new Body.Builder() : null;
            this.spill = inMemory ? null : new Spill(name);
            this.subs = subs;
        }

        void gate(int o, int a, int b, int table) {
            instructions++;
            gates++;
            if (!TruthTable.isLinear(table)) {
                nonLinear++;
            }
            if (body != null) {
                body.gate(o, a, b, table);
                return;
            }
            spill.write(a == b ? ONE_INPUT + table : table);
            spill.write(zigzag(o - prevOut));
            spill.write(zigzag(a - o));
            if (a != b) {
                spill.write(zigzag(b - o));
            }
            prevOut = o;
        }

        void call(int callee, int[] slots, int nIn, int nOut) {
            SubCircuit s = subs.get(callee);
            instructions++;
            gates = Math.addExact(gates, s.gateCount());
            nonLinear = Math.addExact(nonLinear, s.nonLinearCount());
            deepestCall = Math.max(deepestCall, s.frameDepth());
            if (body != null) {
                body.call(callee, Arrays.copyOf(slots, nIn), Arrays.copyOfRange(slots, nIn, nIn + nOut));
                return;
            }
            spill.write(CALL + callee);
            for (int i = 0; i < nIn + nOut; i++) {
                spill.write(slots[i]);
            }
        }

        private static int zigzag(int n) {
            return (n << 1) ^ (n >> 31);
        }
    }
}
