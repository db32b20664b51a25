package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Simplifies a {@link GateList} without changing what it computes; inputs and outputs keep
 * their order and number.
 *
 * <p>One forward pass does, per gate: <b>negation absorption</b> (an input that is {@code NOT x}
 * is replaced by {@code x} and the truth table adjusted, so NOT gates cost nothing downstream;
 * {@code NOT NOT x = x}); <b>constant propagation</b> (a gate with a constant input becomes a
 * one-input function of the other: {@code x AND 0 = 0}, {@code x AND 1 = x},
 * {@code x XOR 1 = NOT x}, ...); <b>equal inputs</b> ({@code x XOR x = 0}, {@code x AND x = x});
 * dropping inputs the table ignores; <b>structural hashing</b> (inputs ordered, the table
 * adjusted for the swap, so commutative and mirrored gates meet; a gate equal to an earlier
 * one is not emitted again; likewise a call of the same sub-circuit on the same arguments).
 * A backward pass then does <b>dead-gate elimination</b>: gates and calls none of whose
 * results reach an output are dropped.
 *
 * <p>Constants never reach a gate input in the result. Where a constant must live in a wire
 * (a call argument, an output) it is <em>materialised</em> as {@code w XOR w} (0) or
 * {@code w XNOR w} (1) from a wire {@code w} that is live at that point anyway (another
 * argument of the call, another output) or else the first input; a list with no inputs and
 * a constant that must be materialised is rejected.
 *
 * <p>Calls are opaque: sub-circuit bodies are optimised separately, each as its own list.
 */
public final class Optimizer {
    private final GateList in;
    private final GateList out = new GateList();
    private final int[] map;
    /** For a wire of {@link #out} defined as NOT x: x + 1; else 0. */
    private int[] notOf = new int[1024];
    private final Map<Long, Integer> gates = new HashMap<>();
    private final Map<CallKey, int[]> calls = new HashMap<>();

    private Optimizer(GateList in) {
        this.in = in;
        this.map = new int[in.wireCount()];
        map[GateList.ZERO] = GateList.ZERO;
        map[GateList.ONE] = GateList.ONE;
    }

    /** Returns an optimised copy of {@code list}. */
    public static GateList optimize(GateList list) {
        Optimizer o = new Optimizer(list);
        GateList forward = o.forward();
        return eliminateDead(forward);
    }

    private GateList forward() {
        for (int w : in.inputs()) {
            map[w] = out.addInput();
        }
        int[] code = in.code();
        int pc = 0;
        while (pc < in.length()) {
            int op = code[pc];
            if (op >= 0) {
                map[code[pc + 1]] = gate(op, map[code[pc + 2]], map[code[pc + 3]]);
                pc += 4;
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                int[] args = new int[nIn];
                for (int i = 0; i < nIn; i++) {
                    args[i] = map[code[pc + 3 + i]];
                }
                materialise(args);
                CallKey key = new CallKey(-op - 1, args);
                int[] res = calls.get(key);
                if (res == null) {
                    res = out.call(-op - 1, nOut, args);
                    calls.put(key, res);
                }
                for (int j = 0; j < nOut; j++) {
                    map[code[pc + 3 + nIn + j]] = res[j];
                }
                pc += 3 + nIn + nOut;
            }
        }
        int[] outs = in.outputs();
        for (int i = 0; i < outs.length; i++) {
            outs[i] = map[outs[i]];
        }
        materialise(outs);
        out.setOutputs(outs);
        return out;
    }

    /** Replaces constants in {@code wires} by gates writing them, reading a non-constant. */
    private void materialise(int[] wires) {
        int carrier = -1;
        for (int w : wires) {
            if (!GateList.isConstant(w)) {
                carrier = w;
                break;
            }
        }
        for (int i = 0; i < wires.length; i++) {
            if (GateList.isConstant(wires[i])) {
                if (carrier < 0) {
                    if (out.inputCount() == 0) {
                        throw new IllegalArgumentException("a constant must be computed in a circuit"
                                + " without inputs: add at least one input");
                    }
                    carrier = out.inputs()[0];
                }
                // Keyed like a gate with equal inputs, which the folding never emits otherwise.
                int table = wires[i] == GateList.ZERO ? TruthTable.XOR : TruthTable.XNOR;
                wires[i] = hashed(table, carrier, carrier);
            }
        }
    }

    /** The wire computing {@code table(a, b)} over wires of {@link #out}, simplified. */
    private int gate(int table, int a, int b) {
        int t = table;
        if (notTarget(a) >= 0) {
            a = notTarget(a);
            t = Tables.flipFirst(t);
        }
        if (notTarget(b) >= 0) {
            b = notTarget(b);
            t = Tables.flipSecond(t);
        }
        if (GateList.isConstant(a)) {
            return unary(Tables.fixFirst(t, a), b);
        }
        if (GateList.isConstant(b)) {
            return unary(Tables.fixSecond(t, b), a);
        }
        if (a == b) {
            return unary(Tables.diagonal(t), a);
        }
        if (a > b) {
            int x = a;
            a = b;
            b = x;
            t = Tables.swap(t);
        }
        if (!Tables.dependsOnSecond(t)) {
            return unary(Tables.fixSecond(t, 0), a);
        }
        if (!Tables.dependsOnFirst(t)) {
            return unary(Tables.fixFirst(t, 0), b);
        }
        return hashed(t, a, b);
    }

    /** A one-input function {@code u} (bit 1 = u(0), bit 0 = u(1)) of wire {@code x}. */
    private int unary(int u, int x) {
        switch (u) {
            case 0:
                return GateList.ZERO;
            case 3:
                return GateList.ONE;
            case 1:
                return x;
            default:
                if (GateList.isConstant(x)) {
                    return x ^ 1;
                }
                if (notTarget(x) >= 0) {
                    return notTarget(x);
                }
                int w = hashed(TruthTable.NOT, x, x);
                if (w >= notOf.length) {
                    notOf = Arrays.copyOf(notOf, Math.max(notOf.length * 2, w + 1));
                }
                notOf[w] = x + 1;
                return w;
        }
    }

    private int notTarget(int w) {
        return w < notOf.length ? notOf[w] - 1 : -1;
    }

    private int hashed(int t, int a, int b) {
        long key = ((long) t << 60) | ((long) a << 30) | b;
        Integer w = gates.get(key);
        if (w == null) {
            if (out.wireCount() >= (1 << 30)) {
                throw new IllegalArgumentException("circuit too large: more than 2^30 wires");
            }
            w = out.gate(t, a, b);
            gates.put(key, w);
        }
        return w;
    }

    /** Drops gates and calls none of whose results is used; keeps the order of the rest. */
    static GateList eliminateDead(GateList g) {
        int[] code = g.code();
        BitSet live = new BitSet(g.wireCount());
        for (int w : g.outputs()) {
            live.set(w);
        }
        int[] starts = new int[g.instructionCount()];
        int n = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            starts[n++] = pc;
        }
        boolean[] keep = new boolean[n];
        for (int i = n - 1; i >= 0; i--) {
            int pc = starts[i];
            if (code[pc] >= 0) {
                if (live.get(code[pc + 1])) {
                    keep[i] = true;
                    live.set(code[pc + 2]);
                    live.set(code[pc + 3]);
                }
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                for (int j = 0; j < nOut && !keep[i]; j++) {
                    keep[i] = live.get(code[pc + 3 + nIn + j]);
                }
                if (keep[i]) {
                    for (int j = 0; j < nIn; j++) {
                        live.set(code[pc + 3 + j]);
                    }
                }
            }
        }
        // Rebuild with the same wire numbering (ids stay sparse; later passes size by wireCount).
        GateList r = new GateList();
        int[] map = new int[g.wireCount()];
        map[GateList.ONE] = GateList.ONE;
        for (int w : g.inputs()) {
            map[w] = r.addInput();
        }
        for (int i = 0; i < n; i++) {
            if (!keep[i]) {
                continue;
            }
            r.copyRemapped(g, starts[i], map);
        }
        int[] outs = g.outputs();
        for (int i = 0; i < outs.length; i++) {
            outs[i] = map[outs[i]];
        }
        r.setOutputs(outs);
        return r;
    }

    private record CallKey(int callee, int[] args) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CallKey k && k.callee == callee && Arrays.equals(k.args, args);
        }

        @Override
        public int hashCode() {
            return 31 * callee + Arrays.hashCode(args);
        }
    }
}
