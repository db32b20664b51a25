package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The optimiser's forward pass, run while a body is being written, so each gate is simplified
 * the moment it is made and only what survives goes on (to a {@link Sink}: a spill file for the
 * main body, a {@link GateList} for a sub-circuit). The same rewrites as {@link Optimizer}:
 * negation absorption, constant propagation, equal inputs, inputs a table ignores, structural
 * hashing (inputs in canonical order, mirrored tables meet) and common calls.
 *
 * <p><b>Literals.</b> A value is a <em>literal</em> {@code 2·node + negated}: node 0 is the
 * constant, so literal 0 is false and 1 is true; every other node is an input, a gate or a
 * call result. NOT only flips the low bit — it makes no gate — and the gates reading a negated
 * literal absorb the negation into their table. A negated literal is made into a node (a NOT
 * gate) only where a wire must hold it: an output of the body or an argument of a call.
 *
 * <p><b>Bounded memory.</b> Structural hashing remembers the last {@value #REMEMBERED_GATES}
 * to twice that many distinct gates (two generations of a hash table; when the young one is
 * full the old one is dropped: 3 MiB at most), common calls the last ones up to
 * {@value #REMEMBERED_CALL_SLOTS} argument slots. A duplicate further back than that is computed twice — correct, and rare:
 * duplicates come from a program recomputing an expression it just computed. Every library
 * circuit's body is smaller than the window, so it is hashed exactly as by {@link Optimizer}.
 * Nodes are numbered from 1 up to {@value #MAX_NODES}, so a literal is a non-negative int.
 */
public final class FrontEnd {
    /** Where the surviving instructions go, in order; node ids are consecutive from 1. */
    public interface Sink {
        /** Node {@code node} is an input of the body. */
        void input(int node);

        /** Node {@code node} is {@code table(a, b)}, {@code a <= b} nodes (equal: a one-input gate). */
        void gate(int node, int table, int a, int b);

        /** Nodes {@code first .. first + nOut - 1} are the results of calling {@code callee} on {@code args[0 .. nArgs)}. */
        void call(int callee, int[] args, int nArgs, int first, int nOut);
    }

    /**
     * A sink that appends to an in-memory list (a sub-circuit's body, a parsed Bristol file):
     * node n is {@link GateList} wire n + 1, since the list's wires 0 and 1 are its constants.
     */
    public static Sink into(GateList g) {
        return new Sink() {
            @Override
            public void input(int node) {
                g.addInput();
            }

            @Override
            public void gate(int node, int table, int a, int b) {
                g.gate(table, a + 1, b + 1);
            }

            @Override
            public void call(int callee, int[] args, int nArgs, int first, int nOut) {
                int[] w = new int[nArgs];
                for (int i = 0; i < nArgs; i++) {
                    w[i] = args[i] + 1;
                }
                g.call(callee, nOut, w);
            }
        };
    }

    /** Distinct gates structural hashing remembers at least (and at most twice as many). */
    public static final int REMEMBERED_GATES = 1 << 16;
    /** Argument slots of the calls remembered for common-call elimination. */
    public static final int REMEMBERED_CALL_SLOTS = 1 << 16;
    /** Nodes per body (so that literals are non-negative ints). */
    public static final int MAX_NODES = 1 << 30;

    private final Sink sink;
    private final String body;
    private int nodes = 1;
    private final GateCache gates = new GateCache(REMEMBERED_GATES);
    private final CallCache calls = new CallCache();

    /** @param body names the body in errors ("the main circuit") */
    public FrontEnd(Sink sink, String body) {
        this.sink = sink;
        this.body = body;
    }

    /** Drops the hashing tables (the body is finished): memory for the passes that follow. */
    public void forget() {
        gates.clear();
        calls.clear();
    }

    /** Number of nodes so far, the constant included: literals are below twice this. */
    public int nodeCount() {
        return nodes;
    }

    /** True if {@code literal} names a value of this body. */
    public boolean valid(int literal) {
        return literal >= 0 && (literal >>> 1) < nodes;
    }

    /** A fresh input; returns its literal. */
    public int input() {
        int n = newNode();
        sink.input(n);
        return 2 * n;
    }

    /** The literal of {@code table(a, b)}, simplified; a gate only if none of the rewrites applies. */
    public int gate(int table, int a, int b) {
        int t = table;
        int x = a >>> 1;
        int y = b >>> 1;
        if ((a & 1) != 0) {
            t = Tables.flipFirst(t);
        }
        if ((b & 1) != 0) {
            t = Tables.flipSecond(t);
        }
        if (x == 0) {
            return unary(Tables.fixFirst(t, 0), y);
        }
        if (y == 0) {
            return unary(Tables.fixSecond(t, 0), x);
        }
        if (x == y) {
            return unary(Tables.diagonal(t), x);
        }
        if (x > y) {
            int s = x;
            x = y;
            y = s;
            t = Tables.swap(t);
        }
        if (!Tables.dependsOnSecond(t)) {
            return unary(Tables.fixSecond(t, 0), x);
        }
        if (!Tables.dependsOnFirst(t)) {
            return unary(Tables.fixFirst(t, 0), y);
        }
        return 2 * hashed(t, x, y);
    }

    /** A one-input function {@code u} (bit 1 = u(0), bit 0 = u(1)) of node {@code x}. */
    private static int unary(int u, int x) {
        switch (u) {
            case 0:
                return 0;
            case 3:
                return 1;
            case 1:
                return 2 * x;
            default:
                return 2 * x + 1;
        }
    }

    private int hashed(int t, int a, int b) {
        long key = ((long) t << 60) | ((long) a << 30) | b;
        int n = gates.get(key, b);
        if (n < 0) {
            n = newNode();
            sink.gate(n, t, a, b);
            gates.put(key, n, nodes);
        }
        return n;
    }

    private int newNode() {
        if (nodes >= MAX_NODES) {
            throw new IllegalArgumentException(body + " is too large: more than 2^30 values in one body;"
                    + " put repeated work into sub-circuits (define and call them)");
        }
        return nodes++;
    }

    /**
     * Calls sub-circuit {@code callee} (with {@code nOut} results) on the argument literals;
     * returns the result literals. {@code carrier} is the node a constant argument is computed
     * from when no argument is a node ({@code 0}: none yet).
     */
    public int[] call(int callee, int nOut, int[] args, int carrier) {
        int[] in = nodes(args, carrier);
        int first = calls.get(callee, in);
        if (first < 0) {
            first = nodes;
            if ((long) nodes + nOut > MAX_NODES) {
                newNodeOverflow();
            }
            nodes += nOut;
            sink.call(callee, in, in.length, first, nOut);
            calls.put(callee, in, first);
        }
        int[] r = new int[nOut];
        for (int j = 0; j < nOut; j++) {
            r[j] = 2 * (first + j);
        }
        return r;
    }

    private void newNodeOverflow() {
        nodes = MAX_NODES;
        newNode();
    }

    /**
     * The nodes holding {@code literals}, made where needed: a negated literal becomes a NOT
     * gate, a constant {@code c XOR c} (false) or {@code c XNOR c} (true) of a carrier node
     * {@code c} — the first node among the literals, else {@code carrier}. Outputs and call
     * arguments go through here.
     *
     * @throws IllegalArgumentException if a constant needs a carrier and there is none
     */
    public int[] nodes(int[] literals, int carrier) {
        int[] r = new int[literals.length];
        int c = 0;
        for (int i = 0; i < r.length; i++) {
            int l = literals[i];
            int x = l >>> 1;
            if (x != 0) {
                r[i] = (l & 1) == 0 ? x : hashed(TruthTable.NOT, x, x);
                if (c == 0) {
                    c = r[i];
                }
            }
        }
        if (c == 0) {
            c = carrier;
        }
        for (int i = 0; i < r.length; i++) {
            int l = literals[i];
            if ((l >>> 1) == 0) {
                if (c == 0) {
                    throw new IllegalArgumentException("a constant must be computed in a circuit"
                            + " without inputs: add at least one input (" + body + ")");
                }
                r[i] = hashed(l == 0 ? TruthTable.XOR : TruthTable.XNOR, c, c);
            }
        }
        return r;
    }

    /**
     * Gates seen recently, key {@code table·2^60 + a·2^30 + b}: two open-addressing tables,
     * each at most {@code 2·remembered} slots (half full at most). New keys go to the young
     * one, which grows until it holds {@code remembered} keys; then the old one is cleared and
     * the two swap roles. So the last {@code remembered} to {@code 2·remembered} distinct gates
     * are found, in at most {@code 2 × 2·remembered × 12} bytes (3 MiB), and a small body
     * allocates little.
     */
    private static final class GateCache {
        private long[] youngKeys = new long[64];
        private int[] youngValues = new int[64];
        private long[] oldKeys = new long[0];
        private int[] oldValues = new int[0];
        private final int remembered;
        private int youngSize;
        /** Nodes from this one on were made after the young table was started. */
        private int youngStart;

        GateCache(int remembered) {
            this.remembered = remembered;
        }

        void clear() {
            youngKeys = new long[64];
            youngValues = new int[64];
            oldKeys = new long[0];
            oldValues = new int[0];
            youngSize = 0;
            youngStart = 0;
        }

        private static int index(long key, int mask) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
        }

        /**
         * The node of gate {@code key} whose later input is node {@code b}, or −1. A gate reading
         * a node made since the young table started can only be in the young table.
         */
        int get(long key, int b) {
            int v = find(youngKeys, youngValues, key);
            return v >= 0 || b >= youngStart || oldKeys.length == 0 ? v : find(oldKeys, oldValues, key);
        }

        private static int find(long[] keys, int[] values, long key) {
            int mask = keys.length - 1;
            for (int i = index(key, mask); ; i = (i + 1) & mask) {
                long k = keys[i];
                if (k == key) {
                    return values[i];
                }
                if (k == 0) {
                    return -1;
                }
            }
        }

        /** Remembers gate {@code key} as {@code value}; {@code next} is the next node to be made. */
        void put(long key, int value, int next) {
            if (youngSize == remembered) {
                youngStart = next;
                long[] k = oldKeys.length == youngKeys.length ? oldKeys : new long[youngKeys.length];
                int[] v = oldValues.length == youngValues.length ? oldValues : new int[youngValues.length];
                Arrays.fill(k, 0L);
                oldKeys = youngKeys;
                oldValues = youngValues;
                youngKeys = k;
                youngValues = v;
                youngSize = 0;
            } else if (2 * (youngSize + 1) > youngKeys.length) {
                long[] k = youngKeys;
                int[] v = youngValues;
                youngKeys = new long[k.length * 2];
                youngValues = new int[k.length * 2];
                for (int i = 0; i < k.length; i++) {
                    if (k[i] != 0) {
                        insert(youngKeys, youngValues, k[i], v[i]);
                    }
                }
            }
            insert(youngKeys, youngValues, key, value);
            youngSize++;
        }

        private static void insert(long[] keys, int[] values, long key, int value) {
            int mask = keys.length - 1;
            int i = index(key, mask);
            while (keys[i] != 0) {
                i = (i + 1) & mask;
            }
            keys[i] = key;
            values[i] = value;
        }
    }

    /** Recent calls by callee and argument nodes, least recently used dropped first. */
    private static final class CallCache {
        private record Key(int callee, int[] args) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && k.callee == callee && Arrays.equals(k.args, args);
            }

            @Override
            public int hashCode() {
                return 31 * callee + Arrays.hashCode(args);
            }
        }

        private long slots;
        private final LinkedHashMap<Key, Integer> map = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Integer> eldest) {
                if (slots > REMEMBERED_CALL_SLOTS) {
                    slots -= eldest.getKey().args.length + 1;
                    return true;
                }
                return false;
            }
        };

        void clear() {
            map.clear();
            slots = 0;
        }

        int get(int callee, int[] args) {
            Integer first = map.get(new Key(callee, args));
            return first == null ? -1 : first;
        }

        void put(int callee, int[] args, int first) {
            slots += args.length + 1;
            map.put(new Key(callee, args), first);
        }
    }
}
