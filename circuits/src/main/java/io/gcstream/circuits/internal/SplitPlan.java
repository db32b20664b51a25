package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which calls of a circuit several threads can run together, and how: a sub-circuit whose body
 * (without nested calls) falls into independent parts, such as the 20 S-boxes of an AES round
 * or the 16 cells of an edit-distance block, is <em>split</em> into groups of those parts, one
 * group per thread.
 *
 * <p>The parts are the connected components of the body's gate graph (a gate is joined to the
 * gates whose outputs it reads). A component touches only its own wires, but the slot
 * allocator reuses slots across components, so each group gets a frame of its own: the split
 * definition ({@link #subCircuits()}) is the original body with the slots of group g moved up
 * by g · S (S the original frame's size), its frame g · S larger. A {@link CircuitWalker} given
 * the plan walks exactly the gates of the original walk, in the same order and batches, with
 * only slot numbers changed; it marks the first copy-in gate of each split call with the
 * split's number ({@link #splitOf}), so that a gate loop knows where a call it can hand to
 * its threads starts. The call's <em>region</em> is its copy-in gates and its body
 * ({@link Split#length()} gates); the copy-out gates after it read the groups' frames and belong
 * to the caller. So everything that depends on the order of gates (hash tweaks, the tables on
 * the wire) is unchanged, and a party with a plan works with a party without.
 *
 * <p>A definition is split when it has no nested calls, at least one input and one output, at
 * least two components, AND levels wide enough for two groups ({@link #MIN_GROUP_WIDTH}), and
 * enough non-linear gates for each group to outweigh a hand-off between threads
 * ({@link #MIN_GROUP_NON_LINEAR}); bodies above {@link #MAX_BODY_GATES} are
 * not, which bounds the plan's memory. Memory: the split bodies (16 bytes a gate) and 8 bytes a
 * gate of index tables, for split definitions only. Immutable.
 */
public final class SplitPlan {
    /** Fewest non-linear gates a group gets: below that a hand-off costs more than it saves. */
    public static final int MIN_GROUP_NON_LINEAR = 24;
    /**
     * Fewest non-linear gates per AND level of the body, on average, that each of two groups
     * must get for the definition to be split: a group hashes its call's gates level by level,
     * while one thread gathers the levels of consecutive calls into larger batches. Narrower
     * definitions cost more on two threads than on one (the blocks of the edit-distance and
     * Smith–Waterman grids); AES-128's S-box layers are wide enough.
     */
    public static final int MIN_GROUP_WIDTH = 48;
    /** Largest body that is split. */
    public static final int MAX_BODY_GATES = 1 << 20;
    /** The copy gate's table with a split's number above it marks a split call's first gate. */
    private static final int MARK_SHIFT = 4;

    private final List<SubCircuit> subs;
    private final int[] marks;
    private final Split[] splits;
    private final long labelSlots;

    /** How one split definition's calls are shared between threads. */
    public static final class Split {
        private final String name;
        private final int groups;
        private final int inputs;
        private final int length;
        private final int[][] groupGates;
        private final int[] prefix;

        Split(String name, int groups, int inputs, int length, int[][] groupGates, int[] prefix) {
            this.name = name;
            this.groups = groups;
            this.inputs = inputs;
            this.length = length;
            this.groupGates = groupGates;
            this.prefix = prefix;
        }

        /** The definition's name. */
        public String name() {
            return name;
        }

        /** Groups, each for one thread at a time. */
        public int groups() {
            return groups;
        }

        /** Copy-in gates at the start of the region. */
        public int inputs() {
            return inputs;
        }

        /** Gates of a call's region: its copy-ins, then its body. */
        public int length() {
            return length;
        }

        /**
         * The region's gates of group {@code g}, as indices into the region (0 .. length-1),
         * ascending. Shared: do not modify.
         */
        public int[] groupGates(int g) {
            return groupGates[g];
        }

        /**
         * Non-linear gates before region index {@code i} (0 .. length): a non-linear gate's
         * number in the call, hence its tweak and the place of its table. Shared: do not modify.
         */
        public int[] nonLinearBefore() {
            return prefix;
        }
    }

    private SplitPlan(List<SubCircuit> subs, int[] marks, Split[] splits, long labelSlots) {
        this.subs = subs;
        this.marks = marks;
        this.splits = splits;
        this.labelSlots = labelSlots;
    }

    /** The plan for running {@code circuit} on {@code threads} threads (none for one thread). */
    public static SplitPlan of(Circuit circuit, int threads) throws IOException {
        return of(circuit, threads, MIN_GROUP_WIDTH);
    }

    /**
     * As {@link #of(Circuit, int)} with {@code minGroupWidth} in place of
     * {@link #MIN_GROUP_WIDTH} (0: split whatever the width), for tests of the split walk.
     */
    public static SplitPlan of(Circuit circuit, int threads, int minGroupWidth) throws IOException {
        List<SubCircuit> orig = Circuits.subCircuits(circuit);
        if (threads <= 1) {
            // Nothing to read: one thread walks the circuit as it is.
            return new SplitPlan(orig, new int[orig.size()], new Split[0], circuit.labelSlots());
        }
        List<SubCircuit> subs = new ArrayList<>(orig);
        int[] marks = new int[orig.size()];
        List<Split> splits = new ArrayList<>();
        long[] frame = new long[orig.size()];
        for (int k = 0; k < orig.size(); k++) {
            SubCircuit s = orig.get(k);
            Split split = null;
            if (threads > 1 && s.nonLinearCount() >= 2L * MIN_GROUP_NON_LINEAR && s.inputCount() > 0
                    && s.outputCount() > 0 && s.gateCount() <= MAX_BODY_GATES) {
                Body body = s.body();
                if (isLeaf(body)) {
                    split = split(s, body, threads, minGroupWidth, subs, k);
                }
            }
            if (split != null) {
                marks[k] = TruthTable.COPY | ((splits.size() + 1) << MARK_SHIFT);
                splits.add(split);
                frame[k] = subs.get(k).numSlots();
            } else {
                frame[k] = frameDepth(s, frame, orig);
            }
        }
        long deepest = 0;
        for (int k = 0; k < orig.size(); k++) {
            // A call from the main body holds its definition's frame chain above S.
            deepest = Math.max(deepest, frame[k]);
        }
        long slots = splits.isEmpty() ? circuit.labelSlots() : Math.max(circuit.labelSlots(), circuit.numSlots() + deepest);
        return new SplitPlan(List.copyOf(subs), marks, splits.toArray(new Split[0]), slots);
    }

    /** Definitions to walk, split ones replaced by their split form (same indices). */
    public List<SubCircuit> subCircuits() {
        return subs;
    }

    /** Per definition: the table of its calls' first copy-in gate, or 0 if it is not split. */
    int mark(int sub) {
        return marks[sub];
    }

    /** Whether no definition is split. */
    public boolean isEmpty() {
        return splits.length == 0;
    }

    /** Label slots a walk with this plan uses (at least the circuit's own). */
    public long labelSlots() {
        return labelSlots;
    }

    /** Whether the table field of a walked gate marks the start of a split call. */
    public static boolean isMark(int table) {
        return table > 15;
    }

    /** The split whose call starts with a gate of table field {@code mark} ({@link #isMark}). */
    public Split splitOf(int mark) {
        return splits[(mark >>> MARK_SHIFT) - 1];
    }

    /** The split definitions, in definition order. */
    public List<Split> splits() {
        return List.of(splits);
    }

    private static boolean isLeaf(Body body) {
        int[] code = body.code();
        for (int pc = 0; pc < body.length(); pc += 4) {
            if (code[pc] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Label slots a call of {@code s} needs with the plan: its frame and the deepest chain of
     * the (possibly larger, split) frames of its callees, whose entries in {@code frame} are
     * already known (a body calls only earlier definitions).
     */
    private static long frameDepth(SubCircuit s, long[] frame, List<SubCircuit> defs) throws IOException {
        if (s.depth() == 1) {
            return s.numSlots();
        }
        Body body = s.body();
        int[] code = body.code();
        long deepest = 0;
        int pc = 0;
        while (pc < body.length()) {
            if (code[pc] >= 0) {
                pc += 4;
            } else {
                int callee = -code[pc] - 1;
                deepest = Math.max(deepest, frame[callee]);
                pc += 1 + defs.get(callee).inputCount() + defs.get(callee).outputCount();
            }
        }
        return s.numSlots() + deepest;
    }

    /** The AND depth of the leaf {@code s}: the most non-linear gates on a path from an input. */
    private static int andDepth(SubCircuit s, Body body) {
        int[] code = body.code();
        int[] depth = new int[s.numSlots()];
        int max = 0;
        for (int pc = 0; pc < body.length(); pc += 4) {
            int t = code[pc];
            int d = Math.max(dependsOnFirst(t) ? depth[code[pc + 2]] : 0,
                    dependsOnSecond(t) ? depth[code[pc + 3]] : 0) + (TruthTable.isLinear(t) ? 0 : 1);
            depth[code[pc + 1]] = d;
            max = Math.max(max, d);
        }
        return max;
    }

    /**
     * Splits the leaf {@code s} (index {@code k}) into at most {@code threads} groups of its
     * components, or returns null; on success replaces {@code subs[k]} by its split form.
     */
    private static Split split(SubCircuit s, Body body, int threads, int minGroupWidth, List<SubCircuit> subs,
            int k) {
        if (s.nonLinearCount() / Math.max(1, andDepth(s, body)) < 2L * minGroupWidth) {
            return null;
        }
        int[] code = body.code();
        int gates = body.length() / 4;
        int nIn = s.inputCount();
        int slotsN = s.numSlots();
        // Wires: inputs 0 .. nIn-1, then gate j's output nIn + j. Union-find over them.
        int[] parent = new int[nIn + gates];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        int[] wireIn = new int[slotsN];
        Arrays.fill(wireIn, -1);
        for (int i = 0; i < nIn; i++) {
            wireIn[s.inputSlot(i)] = i;
        }
        for (int j = 0; j < gates; j++) {
            int pc = 4 * j;
            int table = code[pc];
            int w = nIn + j;
            if (dependsOnFirst(table)) {
                union(parent, w, wireIn[code[pc + 2]]);
            }
            if (dependsOnSecond(table)) {
                union(parent, w, wireIn[code[pc + 3]]);
            }
            wireIn[code[pc + 1]] = w;
        }
        // Components and their weights (a non-linear gate weighs as 8 linear ones: it is hashed,
        // they are not).
        int[] comp = new int[parent.length];
        Arrays.fill(comp, -1);
        int comps = 0;
        long nonLinear = 0;
        List<long[]> weights = new ArrayList<>();
        for (int w = 0; w < parent.length; w++) {
            int r = find(parent, w);
            if (comp[r] < 0) {
                comp[r] = comps++;
                weights.add(new long[] {0, 0});
            }
            comp[w] = comp[r];
            boolean nl = w >= nIn && !TruthTable.isLinear(code[4 * (w - nIn)]);
            weights.get(comp[w])[0] += nl ? 8 : 1;
            if (nl) {
                nonLinear++;
            }
        }
        int groups = (int) Math.min(Math.min(threads, comps), nonLinear / MIN_GROUP_NON_LINEAR);
        if (groups < 2) {
            return null;
        }
        // Largest components first, each to the lightest group: deterministic and balanced.
        Integer[] order = new Integer[comps];
        for (int c = 0; c < comps; c++) {
            order[c] = c;
        }
        Arrays.sort(order, (x, y) -> {
            int byWeight = Long.compare(weights.get(y)[0], weights.get(x)[0]);
            return byWeight != 0 ? byWeight : Integer.compare(x, y);
        });
        int[] groupOf = new int[comps];
        long[] load = new long[groups];
        for (int c : order) {
            int g = 0;
            for (int h = 1; h < groups; h++) {
                if (load[h] < load[g]) {
                    g = h;
                }
            }
            groupOf[c] = g;
            load[g] += weights.get(c)[0];
        }
        // The region: copy-ins (index i < nIn: wire i), then the body (index nIn + j: wire nIn + j).
        int length = nIn + gates;
        int[] count = new int[groups];
        int[] prefix = new int[length + 1];
        for (int i = 0; i < length; i++) {
            count[groupOf[comp[i]]]++;
            boolean nl = i >= nIn && !TruthTable.isLinear(code[4 * (i - nIn)]);
            prefix[i + 1] = prefix[i] + (nl ? 1 : 0);
        }
        int[][] groupGates = new int[groups][];
        for (int g = 0; g < groups; g++) {
            groupGates[g] = new int[count[g]];
            count[g] = 0;
        }
        for (int i = 0; i < length; i++) {
            int g = groupOf[comp[i]];
            groupGates[g][count[g]++] = i;
        }
        // The split body: group g's slots moved up by g * S. A gate's slots all hold wires of its
        // own component, so every gate moves as a whole.
        int[] moved = new int[body.length()];
        for (int j = 0; j < gates; j++) {
            int pc = 4 * j;
            int off = slotsN * groupOf[comp[nIn + j]];
            moved[pc] = code[pc];
            moved[pc + 1] = code[pc + 1] + off;
            moved[pc + 2] = code[pc + 2] + off;
            moved[pc + 3] = code[pc + 3] + off;
        }
        // A gate's unused input (the second of a COPY, both of a constant) may name another
        // component's slot; moved with the gate it names a slot of the gate's own group, which
        // the gate does not use either.
        int[] in = new int[nIn];
        for (int i = 0; i < nIn; i++) {
            in[i] = s.inputSlot(i) + slotsN * groupOf[comp[i]];
        }
        int nOut = s.outputCount();
        int[] out = new int[nOut];
        for (int o = 0; o < nOut; o++) {
            int w = wireIn[s.outputSlot(o)];
            out[o] = s.outputSlot(o) + slotsN * groupOf[comp[w]];
        }
        Body split = new Body(moved, moved.length, body.instructionCount());
        int frameSlots = groups * slotsN;
        subs.set(k, new SubCircuit(s.name(), in, out, frameSlots, s.instructionCount(), s.gateCount(),
                s.nonLinearCount(), frameSlots, 1, () -> split));
        return new Split(s.name(), groups, nIn, length, groupGates, prefix);
    }

    private static boolean dependsOnFirst(int table) {
        return TruthTable.eval(table, 0, 0) != TruthTable.eval(table, 1, 0)
                || TruthTable.eval(table, 0, 1) != TruthTable.eval(table, 1, 1);
    }

    private static boolean dependsOnSecond(int table) {
        return TruthTable.eval(table, 0, 0) != TruthTable.eval(table, 0, 1)
                || TruthTable.eval(table, 1, 0) != TruthTable.eval(table, 1, 1);
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            // The smaller index becomes the root: the result does not depend on call order.
            if (ra < rb) {
                parent[rb] = ra;
            } else {
                parent[ra] = rb;
            }
        }
    }
}
