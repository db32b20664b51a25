package io.gcstream.compiler.dsl;

import io.gcstream.compiler.dsl.TableNetwork.Form;
import java.util.ArrayList;
import java.util.List;

/**
 * Exhaustive search for small tables (m ≤ 4): circuits whose ANDs are products of two affine
 * forms of the inputs and earlier ANDs. Functions are truth tables of 2^m bits. The first
 * {@code placed} ANDs are enumerated depth-first; the remaining r are decided by linear algebra:
 * with V = span(1, inputs, placed ANDs), the outputs need r more dimensions than V, and r
 * further products whose functions lie in span(outputs) + V and are independent modulo V
 * complete the circuit (chosen greedily, which is exact: it is a matroid); a branch whose
 * outputs lack more dimensions than it has ANDs left is cut. It tries AND counts
 * from the bound down and stops at the first count it cannot reach within a fixed amount of
 * work ({@link #BUDGET} products tried: deterministic, not timed), so small results are
 * minimal for this shape when the search finishes, and merely good otherwise.
 */
final class SmallTableSearch {
    static final int MAX_INPUTS = 4;
    /** Products tried per table, in all. */
    static final long BUDGET = 1_500_000;

    private final int m;
    private final int one; // the all-ones table
    private final int[] targets;
    private final List<Integer> signals = new ArrayList<>(); // truth tables
    private final List<int[]> defs = new ArrayList<>(); // product k: {maskA, negA, maskB, negB} over signals
    private long work;
    private final int[] seen = new int[1 << 16]; // epoch when a product table was last listed
    private int epoch;

    private static final class Exhausted extends RuntimeException {
        Exhausted() {
            super(null, null, false, false);
        }
    }

    private SmallTableSearch(int[] table, int m, int n) {
        this.m = m;
        this.one = (int) ((1L << (1 << m)) - 1);
        this.targets = new int[n];
        for (int j = 0; j < n; j++) {
            for (int x = 0; x < 1 << m; x++) {
                if (((table[x] >>> j) & 1) != 0) {
                    targets[j] |= 1 << x;
                }
            }
        }
        for (int i = 0; i < m; i++) {
            int t = 0;
            for (int x = 0; x < 1 << m; x++) {
                if (((x >> i) & 1) != 0) {
                    t |= 1 << x;
                }
            }
            signals.add(t);
        }
    }

    /** The smallest network of at most {@code maxAnds} ANDs found, or null. */
    static TableNetwork find(int[] table, int m, int n, int maxAnds) {
        if (m > MAX_INPUTS) {
            throw new IllegalArgumentException("exhaustive search only up to " + MAX_INPUTS + " inputs");
        }
        SmallTableSearch s = new SmallTableSearch(table, m, n);
        TableNetwork best = null;
        try {
            for (int k = maxAnds; k >= 0; k--) {
                TableNetwork net = s.withAnds(k);
                if (net == null) {
                    break; // nothing of k ANDs: nothing smaller either is tried
                }
                best = net;
                k = Math.min(k, net.andCount());
            }
        } catch (Exhausted e) {
            // keep the best found so far
        }
        return best;
    }

    /** A network of at most k ANDs, or null if there is none of this shape. */
    private TableNetwork withAnds(int k) {
        for (int placed = 0; placed <= k; placed++) {
            TableNetwork net = search(placed, k - placed);
            if (net != null) {
                return net;
            }
        }
        return null;
    }

    private TableNetwork search(int placedLeft, int r) {
        if (need() > placedLeft + r) {
            return null; // each AND adds at most one dimension to the span
        }
        if (placedLeft > 0) {
            for (long p : products()) {
                signals.add(table(p));
                defs.add(def(p));
                TableNetwork net = search(placedLeft - 1, r);
                signals.remove(signals.size() - 1);
                defs.remove(defs.size() - 1);
                if (net != null) {
                    return net;
                }
            }
            return null;
        }
        Gf2 v = new Gf2(signals.size() + 64);
        v.add(one, 1L);
        for (int i = 0; i < signals.size(); i++) {
            v.add(signals.get(i), 1L << (i + 1));
        }
        Gf2 vt = v.copy();
        for (int t : targets) {
            vt.add(t, 0);
        }
        int need = vt.size() - v.size();
        if (need > r) {
            return null;
        }
        List<int[]> chosen = new ArrayList<>();
        Gf2 all = v.copy();
        if (need > 0) {
            for (long p : products()) {
                int bit = signals.size() + chosen.size() + 1;
                if (vt.reduce(table(p)) == 0 && all.add(table(p), 1L << bit)) {
                    chosen.add(def(p));
                    if (chosen.size() == need) {
                        break;
                    }
                }
            }
            if (chosen.size() < need) {
                return null;
            }
        }
        return network(chosen, all);
    }

    /** Dimensions the outputs lack modulo span(1, signals). */
    private int need() {
        Gf2 v = new Gf2(signals.size() + 64);
        v.add(one, 0);
        for (int x : signals) {
            v.add(x, 0);
        }
        int base = v.size();
        for (int t : targets) {
            v.add(t, 0);
        }
        return v.size() - base;
    }

    // A product packed in a long: its table (16 bits), then form A's signal mask (16), then
    // form B's (16), then the two negation flags.
    private static long pack(int table, int maskA, int negA, int maskB, int negB) {
        return (table & 0xFFFFL) | (long) maskA << 16 | (long) maskB << 32 | (long) negA << 48 | (long) negB << 49;
    }

    private static int table(long p) {
        return (int) (p & 0xFFFF);
    }

    private static int[] def(long p) {
        return new int[] {(int) (p >>> 16) & 0xFFFF, (int) (p >>> 48) & 1, (int) (p >>> 32) & 0xFFFF,
            (int) (p >>> 49) & 1};
    }

    /** Distinct products of two non-constant affine forms over the signals, not already in their span. */
    private long[] products() {
        int s = signals.size();
        int forms = (1 << s) - 1;
        int[] table = new int[2 * forms];
        for (int f = 1; f <= forms; f++) {
            int t = 0;
            for (int i = 0; i < s; i++) {
                if (((f >> i) & 1) != 0) {
                    t ^= signals.get(i);
                }
            }
            table[2 * (f - 1)] = t;
            table[2 * (f - 1) + 1] = t ^ one;
        }
        Gf2 span = new Gf2(64);
        span.add(one, 0);
        for (int x : signals) {
            span.add(x, 0);
        }
        epoch++;
        long[] r = new long[64];
        int count = 0;
        for (int i = 0; i < table.length; i++) {
            for (int j = i + 1; j < table.length; j++) {
                if (++work > BUDGET) {
                    throw new Exhausted();
                }
                int p = table[i] & table[j];
                if (seen[p] != epoch) {
                    seen[p] = epoch;
                    if (span.reduce(p) != 0) {
                        if (count == r.length) {
                            r = java.util.Arrays.copyOf(r, 2 * count);
                        }
                        r[count++] = pack(p, i / 2 + 1, i & 1, j / 2 + 1, j & 1);
                    }
                }
            }
        }
        return java.util.Arrays.copyOf(r, count);
    }

    private TableNetwork network(List<int[]> chosen, Gf2 all) {
        List<int[]> defsAll = new ArrayList<>(defs);
        defsAll.addAll(chosen);
        Form[][] products = new Form[defsAll.size()][];
        for (int k = 0; k < products.length; k++) {
            int[] d = defsAll.get(k);
            products[k] = new Form[] {form(d[0], d[1] == 1), form(d[2], d[3] == 1)};
        }
        Form[] outputs = new Form[targets.length];
        for (int j = 0; j < targets.length; j++) {
            long combo = all.express(targets[j]); // bit 0: the constant 1, bit i+1: signal i
            int signalMask = (int) (combo >>> 1);
            outputs[j] = form(signalMask, (combo & 1) != 0);
        }
        return new TableNetwork(m, products, outputs, "exhaustive search");
    }

    private static Form form(int mask, boolean negated) {
        int[] s = new int[Integer.bitCount(mask)];
        for (int i = 0, k = 0; i < 32; i++) {
            if (((mask >> i) & 1) != 0) {
                s[k++] = i;
            }
        }
        return new Form(s, negated);
    }

    /** A GF(2) basis of truth tables (≤ 16 bits), tracking which generators make each row. */
    private static final class Gf2 {
        private final int[] rows;
        private final long[] combos;
        private int size;

        Gf2(int capacity) {
            rows = new int[capacity];
            combos = new long[capacity];
        }

        Gf2 copy() {
            Gf2 g = new Gf2(rows.length);
            System.arraycopy(rows, 0, g.rows, 0, size);
            System.arraycopy(combos, 0, g.combos, 0, size);
            g.size = size;
            return g;
        }

        int size() {
            return size;
        }

        int reduce(int v) {
            for (int i = 0; i < size; i++) {
                if ((v & Integer.lowestOneBit(rows[i])) != 0) {
                    v ^= rows[i];
                }
            }
            return v;
        }

        /** Adds table v made of the generators in {@code combo}, if independent. */
        boolean add(int v, long combo) {
            long c = combo;
            for (int i = 0; i < size; i++) {
                if ((v & Integer.lowestOneBit(rows[i])) != 0) {
                    v ^= rows[i];
                    c ^= combos[i];
                }
            }
            if (v == 0) {
                return false;
            }
            rows[size] = v;
            combos[size++] = c;
            return true;
        }

        long express(int v) {
            long c = 0;
            for (int i = 0; i < size; i++) {
                if ((v & Integer.lowestOneBit(rows[i])) != 0) {
                    v ^= rows[i];
                    c ^= combos[i];
                }
            }
            if (v != 0) {
                throw new IllegalStateException("not in the span");
            }
            return c;
        }
    }
}
