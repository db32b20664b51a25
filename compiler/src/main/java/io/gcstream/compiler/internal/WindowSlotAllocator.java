package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.SubCircuit;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The forward pass of the {@link StreamCompiler}: slot allocation over the survivors of the
 * backward pass, read from the second spill in the body's order, a window of instructions at a
 * time. A map holds the slot of every live node; the free slots are a tree of bits, lowest
 * first. Within a window the instructions may be reordered ({@link Reorder}) when that can
 * lower S (see {@link #allocateWindow()}). The allocated instructions go to an
 * {@link StreamCompiler.Emitter}.
 *
 * <p>The window holds instructions in {@link GateList}'s encoding over node ids, with a mark
 * per code position: for a read, whether it is the node's last use; for a call result,
 * whether it is never read.
 */
final class WindowSlotAllocator {
    private final Spill.Backward in;
    private final List<SubCircuit> subs;
    private final StreamCompiler.Options options;
    /** Instructions per window at most. */
    private final int window;
    /** Whether the body fits in one window (it is then allocated as {@link Program#compile} would). */
    private final boolean single;
    final FreeSlots freeSlots = new FreeSlots();
    final StreamCompiler.Emitter emitter;
    /** Slot of every live node that is not an input. */
    private final IntMap slotOf = new IntMap();
    private final InputRuns inputs;
    private final int[] outputs;
    /** The outputs sorted by node, each with its position: node << 32 | position. */
    private final long[] outputsByNode;
    private int nextFirst;
    private int nextLast;

    private int[] code = new int[1024];
    private byte[] mark = new byte[1024];
    private int len;
    private int count;
    private boolean windowHasCalls;
    private int[] slots = new int[16];
    /**
     * Slots of the nodes the window defines, by node − {@link #wMin} (−1: none, or freed),
     * so values that live and die inside a window never touch {@link #slotOf}; unused when
     * the window's nodes span too wide a range ({@link #wLocal} false: then the map).
     */
    private int[] wslot = new int[1024];
    private boolean wLocal;
    private int wMin;
    private int wMax;

    /**
     * @param s2     the second spill, finished
     * @param inputs the input nodes in slot order
     * @param read   whether an input node is read (or is an output)
     * @param single whether the body fits in one window of {@code window} instructions
     * @param name   names the body in messages
     */
    WindowSlotAllocator(Spill s2, List<SubCircuit> subs, int[] inputs, int[] outputs, IntPredicate read,
            boolean single, int window, StreamCompiler.Options options, String name) {
        this.in = s2.backward();
        this.subs = subs;
        this.options = options;
        this.outputs = outputs;
        this.window = window;
        this.single = single;
        this.emitter = new StreamCompiler.Emitter(single, subs, name);
        this.inputs = new InputRuns(inputs);
        freeSlots.reserve(inputs.length);
        for (int i = 0; i < inputs.length; i++) {
            if (!read.test(inputs[i])) {
                freeSlots.free(i);
            }
        }
        outputsByNode = new long[outputs.length];
        for (int i = 0; i < outputs.length; i++) {
            outputsByNode[i] = (long) outputs[i] << 32 | i;
        }
        Arrays.sort(outputsByNode);
    }

    void run() {
        nextFirst = in.read();
        while (in.hasMore()) {
            fill();
            allocateWindow();
        }
    }

    /** Reads the next window of instructions from the second spill. */
    private void fill() {
        len = 0;
        count = 0;
        windowHasCalls = false;
        wMin = nextFirst;
        while (in.hasMore() && count < window && len < StreamCompiler.WINDOW_INTS) {
            int op = in.read();
            count++;
            if (op < StreamCompiler.CALL) {
                ensure(4);
                int node = nextFirst;
                int fa;
                int fb;
                if (op >= StreamCompiler.ONE_INPUT) {
                    fa = in.read();
                    fb = fa;
                } else {
                    fb = in.read();
                    fa = in.read();
                }
                nextLast = node;
                nextFirst = node + in.read();
                code[len] = op & 15;
                code[len + 1] = node;
                code[len + 2] = node - (fa >>> 1);
                code[len + 3] = node - (fb >>> 1);
                mark[len + 2] = (byte) (fa & 1);
                mark[len + 3] = (byte) (op >= StreamCompiler.ONE_INPUT ? 0 : fb & 1);
                len += 4;
            } else {
                int callee = op - StreamCompiler.CALL;
                int nIn = subs.get(callee).inputCount();
                int nOut = subs.get(callee).outputCount();
                ensure(3 + nIn + nOut);
                int f = nextFirst;
                code[len] = -(callee + 1);
                code[len + 1] = nIn;
                code[len + 2] = nOut;
                int at = len + 3;
                for (int j = nIn - 1; j >= 0; j--) {
                    int x = in.read();
                    code[at + j] = f - (x >>> 1);
                    mark[at + j] = (byte) (x & 1);
                }
                at += nIn;
                for (int j = nOut - 1; j >= 0; j--) {
                    mark[at + j] = (byte) in.read();
                    code[at + j] = f + j;
                }
                nextLast = f + nOut - 1;
                nextFirst = f + nOut - 1 + in.read();
                len = at + nOut;
                windowHasCalls = true;
            }
        }
        wMax = nextLast;
        long range = (long) wMax - wMin + 1;
        wLocal = range <= 4L * window + 64;
        if (wLocal) {
            if (wslot.length < range) {
                wslot = new int[(int) Math.max(range, 2L * wslot.length)];
            }
            Arrays.fill(wslot, 0, (int) range, -1);
        }
    }

    private void ensure(int n) {
        if (len + n > code.length) {
            int c = Math.max(code.length * 2, len + n);
            code = Arrays.copyOf(code, c);
            mark = Arrays.copyOf(mark, c);
        }
    }

    private int slot(int node) {
        if (wLocal && node >= wMin && node <= wMax) {
            int s = wslot[node - wMin];
            if (s >= 0) {
                return s;
            }
        }
        int s = inputs.slot(node);
        return s >= 0 ? s : slotOf.get(node, -1);
    }

    /** Records the slot of a node the window defines. */
    private void define(int node, int slot) {
        if (wLocal) {
            wslot[node - wMin] = slot;
        } else {
            slotOf.put(node, slot);
        }
    }

    private void release(int node, int slot) {
        freeSlots.free(slot);
        if (wLocal && node >= wMin && node <= wMax && wslot[node - wMin] >= 0) {
            wslot[node - wMin] = -1;
        } else if (!inputs.contains(node)) {
            slotOf.remove(node, -1);
        }
    }

    /** After a window allocated in its written order: what it defined and is alive moves to the map. */
    private void keepAlive() {
        if (!wLocal) {
            return;
        }
        for (int i = 0, n = wMax - wMin + 1; i < n; i++) {
            if (wslot[i] >= 0) {
                slotOf.put(wMin + i, wslot[i]);
            }
        }
    }

    /**
     * Allocates the window. The written order is kept unless another order needs fewer
     * slots: the orders are tried when the body fits in one window (then exactly as
     * {@link Program#compile} would) or when the written order would raise S above its
     * value so far (a window below it cannot lower S). With a level slack, the AND-depth
     * order is taken when it needs at most the slack more than the smallest order tried,
     * or, where no other order was tried, when it does not raise S.
     */
    private void allocateWindow() {
        int high0 = freeSlots.high();
        if (!options.reorder() && options.levelSlack() < 0) {
            allocateWritten();
            return;
        }
        int writtenPeak = writtenPeak();
        int sWritten = Math.max(high0, writtenPeak);
        boolean tryOrders = options.reorder() && (single || sWritten > high0);
        boolean tryLevel = options.levelSlack() >= 0 && !windowHasCalls;
        if (!tryOrders && !tryLevel) {
            allocateWritten();
            return;
        }
        Local l = new Local();
        int[] best = null;
        int sBest = sWritten;
        int peakBest = writtenPeak;
        if (tryOrders) {
            for (int[] order : new int[][] {Reorder.depthFirstOrder(l.list), Reorder.greedyOrder(l.list)}) {
                int peak = l.peak(order);
                int s = Math.max(high0, peak);
                if (s < sBest) {
                    best = order;
                    sBest = s;
                    peakBest = peak;
                }
            }
        }
        if (tryLevel) {
            int[] order = Reorder.byLevelOrder(l.list);
            int s = Math.max(high0, l.peak(order));
            long limit = !tryOrders ? high0
                    : single ? (long) sBest + options.levelSlack()
                    : Math.max(high0, (long) peakBest + options.levelSlack());
            if (s <= limit) {
                best = order;
            }
        }
        if (best == null) {
            allocateWritten();
        } else {
            l.allocate(best);
        }
    }

    /** The most slots in use at once if the window runs in the written order. */
    private int writtenPeak() {
        int inUse = freeSlots.inUse();
        int peak = inUse;
        for (int pc = 0; pc < len; ) {
            if (code[pc] >= 0) {
                inUse += 1 - mark[pc + 2] - mark[pc + 3];
                peak = Math.max(peak, inUse);
                pc += 4;
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                int at = pc + 3;
                for (int j = 0; j < nIn; j++) {
                    inUse -= mark[at + j];
                }
                inUse += nOut;
                peak = Math.max(peak, inUse);
                for (int j = 0; j < nOut; j++) {
                    inUse -= mark[at + nIn + j];
                }
                pc = at + nIn + nOut;
            }
        }
        return peak;
    }

    /** Allocates the window in its written order, with the last uses the backward pass found. */
    private void allocateWritten() {
        for (int pc = 0; pc < len; ) {
            if (code[pc] >= 0) {
                int a = code[pc + 2];
                int b = code[pc + 3];
                int sa = slot(a);
                int sb = a == b ? sa : slot(b);
                if (mark[pc + 2] != 0) {
                    release(a, sa);
                }
                if (mark[pc + 3] != 0) {
                    release(b, sb);
                }
                int o = freeSlots.take();
                define(code[pc + 1], o);
                emitter.gate(o, sa, sb, code[pc]);
                pc += 4;
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                int at = pc + 3;
                if (slots.length < nIn + nOut) {
                    slots = new int[nIn + nOut];
                }
                for (int j = 0; j < nIn; j++) {
                    slots[j] = slot(code[at + j]);
                }
                for (int j = 0; j < nIn; j++) {
                    if (mark[at + j] != 0) {
                        release(code[at + j], slots[j]);
                    }
                }
                for (int j = 0; j < nOut; j++) {
                    int o = freeSlots.take();
                    slots[nIn + j] = o;
                    define(code[at + nIn + j], o);
                }
                for (int j = 0; j < nOut; j++) {
                    if (mark[at + nIn + j] != 0) {
                        release(code[at + nIn + j], slots[nIn + j]);
                    }
                }
                emitter.call(-code[pc] - 1, slots, nIn, nOut);
                pc = at + nIn + nOut;
            }
        }
        keepAlive();
    }

    /** The slots of the output nodes, at the end. */
    int[] outputSlots() {
        int[] r = new int[outputs.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = slot(outputs[i]);
        }
        return r;
    }

    /**
     * The window as a {@link GateList} of its own, for {@link Reorder}: the nodes it reads
     * from before are its inputs; its outputs are the body's outputs it defines (in the
     * body's output order), then the other values it defines that are read after it, then
     * the inputs that live on after it.
     */
    private final class Local {
        final GateList list = new GateList();
        /** Local wire -> node. */
        private int[] node;
        /** Local wire: 1 if it dies in the window (at its last read there), 2 if never read. */
        private byte[] dies;
        private final int liveIn;

        Local() {
            IntMap local = new IntMap(2 * count);
            // Pass 1: the nodes read from before the window, in order of first read.
            int[] ins = new int[64];
            int nIns = 0;
            for (int pc = 0; pc < len; ) {
                int nIn = code[pc] >= 0 ? 2 : code[pc + 1];
                int from = code[pc] >= 0 ? pc + 2 : pc + 3;
                for (int j = 0; j < nIn; j++) {
                    int x = code[from + j];
                    if (!local.contains(x)) {
                        local.put(x, -1);
                        if (nIns == ins.length) {
                            ins = Arrays.copyOf(ins, nIns * 2);
                        }
                        ins[nIns++] = x;
                    }
                }
                int nOut = code[pc] >= 0 ? 1 : code[pc + 2];
                int outAt = code[pc] >= 0 ? pc + 1 : pc + 3 + nIn;
                for (int j = 0; j < nOut; j++) {
                    local.put(code[outAt + j], -2);
                }
                pc = code[pc] >= 0 ? pc + 4 : outAt + nOut;
            }
            liveIn = nIns;
            int wires = 2 + nIns + local.size();
            node = new int[wires];
            dies = new byte[wires];
            local.clear();
            for (int i = 0; i < nIns; i++) {
                int w = list.addInput();
                node[w] = ins[i];
                local.put(ins[i], w);
            }
            // Pass 2: the instructions, with what dies where.
            int[] args = new int[16];
            for (int pc = 0; pc < len; ) {
                if (code[pc] >= 0) {
                    int a = local.get(code[pc + 2], -1);
                    int b = local.get(code[pc + 3], -1);
                    dies[a] |= mark[pc + 2];
                    dies[b] |= mark[pc + 3];
                    int w = list.gate(code[pc], a, b);
                    node[w] = code[pc + 1];
                    local.put(code[pc + 1], w);
                    pc += 4;
                } else {
                    int nIn = code[pc + 1];
                    int nOut = code[pc + 2];
                    int at = pc + 3;
                    if (args.length < nIn) {
                        args = new int[nIn];
                    }
                    for (int j = 0; j < nIn; j++) {
                        args[j] = local.get(code[at + j], -1);
                        dies[args[j]] |= mark[at + j];
                    }
                    int[] res = list.call(-code[pc] - 1, nOut, Arrays.copyOf(args, nIn));
                    for (int j = 0; j < nOut; j++) {
                        node[res[j]] = code[at + nIn + j];
                        local.put(code[at + nIn + j], res[j]);
                        if (mark[at + nIn + j] != 0) {
                            dies[res[j]] = 2;
                        }
                    }
                    pc = at + nIn + nOut;
                }
            }
            // Outputs: what lives on after the window, the body's outputs first.
            int[] outs = new int[16];
            int n = 0;
            int lo = Integer.MAX_VALUE;
            int hi = -1;
            for (int w = 2 + liveIn; w < list.wireCount(); w++) {
                lo = Math.min(lo, node[w]);
                hi = Math.max(hi, node[w]);
            }
            if (hi >= 0) {
                int from = lowerBound(outputsByNode, (long) lo << 32);
                int to = lowerBound(outputsByNode, (long) (hi + 1) << 32);
                long[] mine = new long[to - from];
                int m = 0;
                for (int i = from; i < to; i++) {
                    int w = local.get((int) (outputsByNode[i] >>> 32), -1);
                    if (w >= 2 + liveIn) {
                        mine[m++] = (outputsByNode[i] & 0xFFFFFFFFL) << 32 | w;
                    }
                }
                Arrays.sort(mine, 0, m);
                for (int i = 0; i < m; i++) {
                    outs = push(outs, n++, (int) mine[i]);
                }
            }
            for (int w = 2; w < list.wireCount(); w++) {
                if (dies[w] == 0) {
                    outs = push(outs, n++, w);
                }
            }
            list.setOutputs(Arrays.copyOf(outs, n));
        }

        private int[] push(int[] a, int at, int v) {
            if (at == a.length) {
                a = Arrays.copyOf(a, at * 2);
            }
            a[at] = v;
            return a;
        }

        /** The most slots in use at once if the window runs in {@code order}. */
        int peak(int[] order) {
            int[] last = lastReads(order);
            int[] lc = list.code();
            int[] start = Reorder.starts(list);
            int inUse = freeSlots.inUse();
            int peak = inUse;
            for (int k = 0; k < order.length; k++) {
                int pc = start[order[k]];
                int nIn = lc[pc] >= 0 ? 2 : lc[pc + 1];
                int from = lc[pc] >= 0 ? pc + 2 : pc + 3;
                for (int j = 0; j < nIn; j++) {
                    int w = lc[from + j];
                    if (dies[w] == 1 && last[w] == k) {
                        inUse--;
                        last[w] = -1; // a wire read twice dies once
                    }
                }
                int nOut = lc[pc] >= 0 ? 1 : lc[pc + 2];
                int outAt = lc[pc] >= 0 ? pc + 1 : from + nIn;
                inUse += nOut;
                peak = Math.max(peak, inUse);
                for (int j = 0; j < nOut; j++) {
                    if (dies[lc[outAt + j]] == 2) {
                        inUse--;
                    }
                }
            }
            return peak;
        }

        /** For each wire, the position in {@code order} of its last read. */
        private int[] lastReads(int[] order) {
            int[] lc = list.code();
            int[] start = Reorder.starts(list);
            int[] last = new int[list.wireCount()];
            for (int k = 0; k < order.length; k++) {
                int pc = start[order[k]];
                int nIn = lc[pc] >= 0 ? 2 : lc[pc + 1];
                int from = lc[pc] >= 0 ? pc + 2 : pc + 3;
                for (int j = 0; j < nIn; j++) {
                    last[lc[from + j]] = k;
                }
            }
            return last;
        }

        /** Allocates the window's instructions in {@code order}. */
        void allocate(int[] order) {
            int[] last = lastReads(order);
            int[] lc = list.code();
            int[] start = Reorder.starts(list);
            int[] slot = new int[list.wireCount()];
            for (int w = 2; w < 2 + liveIn; w++) {
                slot[w] = slot(node[w]);
            }
            for (int k = 0; k < order.length; k++) {
                int pc = start[order[k]];
                if (lc[pc] >= 0) {
                    int a = lc[pc + 2];
                    int b = lc[pc + 3];
                    int sa = slot[a];
                    int sb = slot[b];
                    dieAt(a, k, last, slot);
                    dieAt(b, k, last, slot);
                    int o = freeSlots.take();
                    slot[lc[pc + 1]] = o;
                    emitter.gate(o, sa, sb, lc[pc]);
                } else {
                    int nIn = lc[pc + 1];
                    int nOut = lc[pc + 2];
                    int at = pc + 3;
                    if (slots.length < nIn + nOut) {
                        slots = new int[nIn + nOut];
                    }
                    for (int j = 0; j < nIn; j++) {
                        slots[j] = slot[lc[at + j]];
                    }
                    for (int j = 0; j < nIn; j++) {
                        dieAt(lc[at + j], k, last, slot);
                    }
                    for (int j = 0; j < nOut; j++) {
                        int o = freeSlots.take();
                        slots[nIn + j] = o;
                        slot[lc[at + nIn + j]] = o;
                    }
                    for (int j = 0; j < nOut; j++) {
                        if (dies[lc[at + nIn + j]] == 2) {
                            freeSlots.free(slots[nIn + j]);
                        }
                    }
                    emitter.call(-lc[pc] - 1, slots, nIn, nOut);
                }
            }
            // What lives on is looked up by node from now on.
            for (int w = 2; w < list.wireCount(); w++) {
                if (w < 2 + liveIn) {
                    if (dies[w] != 0 && !inputs.contains(node[w])) {
                        slotOf.remove(node[w], -1);
                    }
                } else if (dies[w] == 0) {
                    slotOf.put(node[w], slot[w]);
                }
            }
        }

        private void dieAt(int w, int k, int[] last, int[] slot) {
            if (dies[w] == 1 && last[w] == k) {
                freeSlots.free(slot[w]);
                last[w] = -1;
            }
        }
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Input nodes and their slots as runs of consecutive nodes with consecutive slots (an input
     * word is one run), found by binary search: a few ints per run, not per input bit.
     */
    static final class InputRuns {
        private final int[] node;
        private final int[] slot;
        private final int[] length;
        private final int runs;
        private final int min;
        private final int max;

        InputRuns(int[] inputs) {
            long[] bySlot = new long[inputs.length];
            for (int i = 0; i < inputs.length; i++) {
                bySlot[i] = (long) inputs[i] << 32 | i;
            }
            Arrays.sort(bySlot);
            int[] n = new int[8];
            int[] s = new int[8];
            int[] l = new int[8];
            int r = 0;
            for (int i = 0; i < bySlot.length; i++) {
                int x = (int) (bySlot[i] >>> 32);
                int y = (int) bySlot[i];
                if (r > 0 && n[r - 1] + l[r - 1] == x && s[r - 1] + l[r - 1] == y) {
                    l[r - 1]++;
                    continue;
                }
                if (r == n.length) {
                    n = Arrays.copyOf(n, 2 * r);
                    s = Arrays.copyOf(s, 2 * r);
                    l = Arrays.copyOf(l, 2 * r);
                }
                n[r] = x;
                s[r] = y;
                l[r] = 1;
                r++;
            }
            node = n;
            slot = s;
            length = l;
            runs = r;
            min = r == 0 ? Integer.MAX_VALUE : n[0];
            max = r == 0 ? -1 : n[r - 1] + l[r - 1] - 1;
        }

        /** True if {@code x} is an input node. */
        boolean contains(int x) {
            return slot(x) >= 0;
        }

        /** The slot of input node {@code x}, or −1 if it is not an input. */
        int slot(int x) {
            if (x < min || x > max) {
                return -1; // most nodes are not inputs: no search
            }
            int lo = 0;
            int hi = runs - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (node[mid] <= x) {
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            if (hi < 0 || x >= node[hi] + length[hi]) {
                return -1;
            }
            return slot[hi] + (x - node[hi]);
        }
    }
}
