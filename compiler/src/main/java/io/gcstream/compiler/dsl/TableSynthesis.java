package io.gcstream.compiler.dsl;

import io.gcstream.compiler.dsl.TableNetwork.Form;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

/**
 * Finds a network of few ANDs for a table of m input and n output bits (m ≤ 12, n ≤ 32).
 * Deterministic: the same table gives the same network in every process (both parties build
 * the circuit), so there are no time limits, only operation counts, and a fixed seed.
 *
 * <p>The main method splits the inputs (after an affine change of variables y = A·x ⊕ c, free
 * XORs) into two groups Y₁, Y₂ and writes each output bit by its algebraic normal form grouped
 * by the monomials M of Y₁: f_j = ⊕_M M · h_{j,M}(Y₂). The monomials of each group are built
 * once, one AND each (each from two smaller ones); every function of Y₂ is then free (an XOR of
 * its monomials), and M · h_{j,M} costs one AND per dimension of the span of the n functions
 * h_{j,M} (none for the constant 1, since M · 1 = M). Y₁ = ∅ is the plain algebraic normal
 * form (one AND per monomial). Every split is costed and the cheapest kept (for m &gt; 8 only
 * splits into low and high bits). For m ≤ 4 an exhaustive search over products of affine
 * forms ({@link SmallTableSearch}) then looks for a smaller network.
 */
final class TableSynthesis {
    /** Random affine changes of variables tried after the identity, for m ≤ this. */
    static final int TRANSFORM_MAX_INPUTS = 6;
    static final int TRANSFORMS = 16;
    /** Every split is tried up to this many inputs; above, only low bits against high bits. */
    static final int ALL_SPLITS_MAX_INPUTS = 8;

    private TableSynthesis() {
    }

    static TableNetwork synthesize(int[] table, int m, int n) {
        TableNetwork best = null;
        Random rnd = new Random(0x7AB1E5L); // fixed: both parties must find the same network
        int tries = m <= TRANSFORM_MAX_INPUTS ? 1 + TRANSFORMS : 1;
        for (int t = 0; t < tries; t++) {
            Affine a = t == 0 ? Affine.identity(m) : Affine.random(m, rnd);
            TableNetwork net = new Split(transformed(table, a, m), m, n, a).bestNetwork();
            if (best == null || net.andCount() < best.andCount()) {
                best = net;
            }
        }
        if (m <= SmallTableSearch.MAX_INPUTS) {
            TableNetwork s = SmallTableSearch.find(table, m, n, best.andCount() - 1);
            if (s != null && s.andCount() < best.andCount()) {
                best = s;
            }
        }
        verify(best, table, m, n);
        return best;
    }

    /** Every entry, or the synthesis has a bug: never emit a wrong circuit. */
    static void verify(TableNetwork net, int[] table, int m, int n) {
        long mask = n == 64 ? -1L : (1L << n) - 1;
        for (int x = 0; x < 1 << m; x++) {
            if (net.eval(x) != (table[x] & mask)) {
                throw new IllegalStateException("table synthesis (" + net.method() + ") is wrong at index " + x);
            }
        }
    }

    /** g(y) = table[L·y ⊕ c]. */
    private static int[] transformed(int[] table, Affine a, int m) {
        int[] g = new int[1 << m];
        for (int y = 0; y < g.length; y++) {
            g[y] = table[a.apply(y)];
        }
        return g;
    }

    /** x = L·y ⊕ c (L invertible), and y as forms over x: y = L⁻¹·x ⊕ L⁻¹·c. */
    static final class Affine {
        final int m;
        final int[] columns; // column i of L: the x-bits y_i feeds
        final int c;
        final int[] inverseRows; // row i of L⁻¹: the x-bits y_i is the XOR of
        final int inverseC;

        private Affine(int m, int[] columns, int c) {
            this.m = m;
            this.columns = columns;
            this.c = c;
            this.inverseRows = invert(columns, m);
            int ic = 0;
            for (int i = 0; i < m; i++) {
                if ((Integer.bitCount(inverseRows[i] & c) & 1) == 1) {
                    ic |= 1 << i;
                }
            }
            this.inverseC = ic;
        }

        static Affine identity(int m) {
            int[] cols = new int[m];
            for (int i = 0; i < m; i++) {
                cols[i] = 1 << i;
            }
            return new Affine(m, cols, 0);
        }

        static Affine random(int m, Random rnd) {
            while (true) {
                int[] cols = new int[m];
                for (int i = 0; i < m; i++) {
                    cols[i] = rnd.nextInt(1 << m);
                }
                if (invert(cols, m) != null) {
                    return new Affine(m, cols, rnd.nextInt(1 << m));
                }
            }
        }

        int apply(int y) {
            int x = c;
            for (int i = 0; i < m; i++) {
                if (((y >> i) & 1) != 0) {
                    x ^= columns[i];
                }
            }
            return x;
        }

        /** Row i of the inverse as an x-bit mask, or null if singular. */
        private static int[] invert(int[] columns, int m) {
            // Solve L·Y = I by elimination on rows of [L | I], with L's rows built from its columns.
            int[] rows = new int[m];
            int[] inv = new int[m];
            for (int r = 0; r < m; r++) {
                for (int i = 0; i < m; i++) {
                    if (((columns[i] >> r) & 1) != 0) {
                        rows[r] |= 1 << i;
                    }
                }
                inv[r] = 1 << r;
            }
            for (int col = 0; col < m; col++) {
                int p = -1;
                for (int r = col; r < m; r++) {
                    if (((rows[r] >> col) & 1) != 0) {
                        p = r;
                        break;
                    }
                }
                if (p < 0) {
                    return null;
                }
                int t = rows[p];
                rows[p] = rows[col];
                rows[col] = t;
                t = inv[p];
                inv[p] = inv[col];
                inv[col] = t;
                for (int r = 0; r < m; r++) {
                    if (r != col && ((rows[r] >> col) & 1) != 0) {
                        rows[r] ^= rows[col];
                        inv[r] ^= inv[col];
                    }
                }
            }
            return inv; // y_i = XOR of x_k for k in inv[i] (then ⊕ the constant)
        }

        /** y_i as a form over the x input signals. */
        Lin yForm(int i) {
            Lin l = new Lin();
            for (int k = 0; k < m; k++) {
                if (((inverseRows[i] >> k) & 1) != 0) {
                    l.bits.flip(k);
                }
            }
            l.negated = ((inverseC >> i) & 1) != 0;
            return l;
        }
    }

    /** A mutable affine form over signals. */
    static final class Lin {
        final BitSet bits = new BitSet();
        boolean negated;

        static Lin one() {
            Lin l = new Lin();
            l.negated = true;
            return l;
        }

        static Lin signal(int s) {
            Lin l = new Lin();
            l.bits.set(s);
            return l;
        }

        /** this ⊕= o; returns this. */
        Lin add(Lin o) {
            bits.xor(o.bits);
            negated ^= o.negated;
            return this;
        }

        Form form() {
            return Form.of(bits, negated);
        }
    }

    /** The ANF of each output of g, and the costing and building of splits. */
    private static final class Split {
        private final int m;
        private final int n;
        private final Affine affine;
        private final long[][] anf;

        Split(int[] g, int m, int n, Affine affine) {
            this.m = m;
            this.n = n;
            this.affine = affine;
            this.anf = new long[n][];
            for (int j = 0; j < n; j++) {
                anf[j] = anf(g, m, j);
            }
        }

        /** Bit j of g as its algebraic normal form: coefficient of monomial N at bit N. */
        private static long[] anf(int[] g, int m, int j) {
            int size = 1 << m;
            boolean[] a = new boolean[size];
            for (int x = 0; x < size; x++) {
                a[x] = ((g[x] >>> j) & 1) != 0;
            }
            for (int i = 0; i < m; i++) {
                for (int x = 0; x < size; x++) {
                    if (((x >> i) & 1) != 0) {
                        a[x] ^= a[x ^ (1 << i)];
                    }
                }
            }
            long[] r = new long[Math.max(1, size >>> 6)];
            for (int x = 0; x < size; x++) {
                if (a[x]) {
                    r[x >>> 6] |= 1L << x;
                }
            }
            return r;
        }

        private boolean coefficient(int j, int monomial) {
            return ((anf[j][monomial >>> 6] >>> monomial) & 1) != 0;
        }

        TableNetwork bestNetwork() {
            int full = (1 << m) - 1;
            int bestA = 0;
            int bestCost = Integer.MAX_VALUE;
            for (int a : splits()) {
                int cost = plan(a & full, null);
                if (cost < bestCost) {
                    bestCost = cost;
                    bestA = a & full;
                }
            }
            NetBuilder nb = new NetBuilder(m, affine);
            plan(bestA, nb);
            TableNetwork net = nb.network("split " + Integer.toBinaryString(bestA));
            if (net.andCount() != bestCost) {
                throw new IllegalStateException("split costed " + bestCost + " but built " + net.andCount());
            }
            return net;
        }

        private int[] splits() {
            if (m <= ALL_SPLITS_MAX_INPUTS) {
                int[] all = new int[1 << m];
                for (int a = 0; a < all.length; a++) {
                    all[a] = a;
                }
                return all;
            }
            int[] r = new int[2 * (m + 1)];
            for (int a = 0; a <= m; a++) {
                r[2 * a] = (1 << a) - 1; // the low a bits
                r[2 * a + 1] = ((1 << m) - 1) & ~((1 << (m - a)) - 1); // the high a bits
            }
            return r;
        }

        /**
         * The ANDs of the split with first group {@code groupA}; if {@code into} is not null,
         * also builds the network there.
         */
        private int plan(int groupA, NetBuilder into) {
            int groupB = ((1 << m) - 1) & ~groupA;
            int b = Integer.bitCount(groupB);
            int[] sOf = new int[1 << b]; // compressed index t -> monomial of group B
            for (int t = 0; t < sOf.length; t++) {
                int s = 0;
                int k = 0;
                for (int i = 0; i < m; i++) {
                    if (((groupB >> i) & 1) != 0) {
                        if (((t >> k) & 1) != 0) {
                            s |= 1 << i;
                        }
                        k++;
                    }
                }
                sOf[t] = s;
            }
            int words = Math.max(1, sOf.length >>> 6);
            boolean[] needed = new boolean[1 << m];
            int products = 0;
            List<Group> groups = new ArrayList<>();
            // every submask M of group A, 0 first
            for (int mono = 0;; mono = (mono - groupA) & groupA) {
                long[][] h = new long[n][words];
                for (int j = 0; j < n; j++) {
                    for (int t = 0; t < sOf.length; t++) {
                        if (coefficient(j, mono | sOf[t])) {
                            h[j][t >>> 6] |= 1L << t;
                        }
                    }
                }
                if (mono == 0) {
                    for (long[] v : h) {
                        need(v, sOf, needed);
                    }
                    groups.add(new Group(0, h, null));
                } else {
                    Basis basis = Basis.choose(h, words);
                    if (basis.size() > 0) {
                        if (Integer.bitCount(mono) >= 2) {
                            needed[mono] = true;
                        }
                        products += basis.size() - (basis.hasOne() ? 1 : 0);
                        for (long[] v : basis.vectors()) {
                            need(v, sOf, needed);
                        }
                        groups.add(new Group(mono, h, basis));
                    }
                }
                if (mono == groupA) {
                    break;
                }
            }
            Closure closure = new Closure(m, needed);
            if (into != null) {
                into.build(closure, groups, sOf, n);
            }
            return products + closure.steps();
        }

        private static void need(long[] v, int[] sOf, boolean[] needed) {
            for (int t = 0; t < sOf.length; t++) {
                if (((v[t >>> 6] >>> t) & 1) != 0 && Integer.bitCount(sOf[t]) >= 2) {
                    needed[sOf[t]] = true;
                }
            }
        }
    }

    /** The functions h_{j,M} of one monomial M of the first group, and the basis chosen for them. */
    private record Group(int monomial, long[][] h, Basis basis) {
    }

    /** A GF(2) basis of the span of some functions (bit vectors), tracking combinations. */
    static final class Basis {
        private final List<long[]> vectors = new ArrayList<>(); // as chosen
        private final List<long[]> rows = new ArrayList<>(); // reduced
        private final List<Long> combos = new ArrayList<>(); // row = XOR of chosen vectors in combo
        private final List<Integer> pivots = new ArrayList<>();
        private boolean hasOne;

        /** A basis of span(h): the constant 1 (bit 0) first if it lies in the span, then h's in order. */
        static Basis choose(long[][] h, int words) {
            Basis probe = new Basis();
            for (long[] v : h) {
                probe.add(v);
            }
            long[] one = new long[words];
            one[0] = 1L;
            Basis b = new Basis();
            if (probe.size() > 0 && probe.reduce(one, null).isZero()) {
                b.add(one);
                b.hasOne = true;
            }
            for (long[] v : h) {
                b.add(v);
            }
            return b;
        }

        int size() {
            return vectors.size();
        }

        boolean hasOne() {
            return hasOne;
        }

        List<long[]> vectors() {
            return hasOne ? vectors.subList(1, vectors.size()) : vectors;
        }

        /** Adds v if independent; returns whether it did. */
        boolean add(long[] v) {
            long[] combo = new long[1];
            Residue r = reduce(v, combo);
            if (r.isZero()) {
                return false;
            }
            int idx = vectors.size();
            vectors.add(v.clone());
            rows.add(r.v);
            combos.add(combo[0] | (1L << idx));
            pivots.add(r.pivot());
            return true;
        }

        /** v minus its projection; {@code combo[0]} gets the chosen vectors whose XOR was removed. */
        Residue reduce(long[] v, long[] combo) {
            long[] r = v.clone();
            long c = 0;
            for (int i = 0; i < rows.size(); i++) {
                int p = pivots.get(i);
                if (((r[p >>> 6] >>> p) & 1) != 0) {
                    long[] row = rows.get(i);
                    for (int w = 0; w < r.length; w++) {
                        r[w] ^= row[w];
                    }
                    c ^= combos.get(i);
                }
            }
            if (combo != null) {
                combo[0] = c;
            }
            return new Residue(r);
        }

        /** The chosen vectors (indices into the full chosen list, 1 included) whose XOR is v. */
        long express(long[] v) {
            long[] combo = new long[1];
            if (!reduce(v, combo).isZero()) {
                throw new IllegalStateException("not in the span");
            }
            return combo[0];
        }

        record Residue(long[] v) {
            boolean isZero() {
                for (long w : v) {
                    if (w != 0) {
                        return false;
                    }
                }
                return true;
            }

            int pivot() {
                for (int w = 0; w < v.length; w++) {
                    if (v[w] != 0) {
                        return 64 * w + Long.numberOfTrailingZeros(v[w]);
                    }
                }
                return -1;
            }
        }
    }

    /**
     * The monomials (of degree ≥ 2) that are needed, each built by one AND of two smaller ones
     * (variables or monomials already built, whose union it is), adding intermediate monomials
     * where no such pair exists. Deterministic: by degree, then by value.
     */
    static final class Closure {
        private final int m;
        private final boolean[] built;
        private final boolean[] needed;
        private final List<int[]> steps = new ArrayList<>(); // {monomial, left, right}

        Closure(int m, boolean[] needed) {
            this.m = m;
            this.needed = needed;
            this.built = new boolean[1 << m];
            for (int i = 0; i < m; i++) {
                built[1 << i] = true;
            }
            Integer[] order = new Integer[0];
            List<Integer> list = new ArrayList<>();
            for (int x = 0; x < needed.length; x++) {
                if (needed[x] && Integer.bitCount(x) >= 2) {
                    list.add(x);
                }
            }
            order = list.toArray(order);
            Arrays.sort(order, (p, q) -> Integer.bitCount(p) != Integer.bitCount(q)
                    ? Integer.bitCount(p) - Integer.bitCount(q) : Integer.compare(p, q));
            for (int x : order) {
                ensure(x);
            }
        }

        int steps() {
            return steps.size();
        }

        List<int[]> stepList() {
            return steps;
        }

        private void ensure(int mono) {
            if (built[mono]) {
                return;
            }
            for (int i = 0; i < m; i++) { // a monomial one variable smaller, times that variable
                int rest = mono & ~(1 << i);
                if (rest != mono && built[rest]) {
                    step(mono, rest, 1 << i);
                    return;
                }
            }
            if (Integer.bitCount(mono) <= 12) { // two built parts whose union it is
                List<Integer> parts = new ArrayList<>();
                for (int p = (mono - 1) & mono; p != 0; p = (p - 1) & mono) {
                    if (built[p]) {
                        parts.add(p);
                    }
                }
                for (int i = 0; i < parts.size(); i++) {
                    for (int k = i + 1; k < parts.size(); k++) {
                        if ((parts.get(i) | parts.get(k)) == mono) {
                            step(mono, parts.get(i), parts.get(k));
                            return;
                        }
                    }
                }
            }
            int v = -1; // build a smaller one first, preferring one that is needed anyway
            for (int i = 0; i < m; i++) {
                int rest = mono & ~(1 << i);
                if (rest != mono && (v < 0 || needed[rest])) {
                    v = i;
                    if (needed[rest]) {
                        break;
                    }
                }
            }
            int rest = mono & ~(1 << v);
            ensure(rest);
            step(mono, rest, 1 << v);
        }

        private void step(int mono, int left, int right) {
            built[mono] = true;
            steps.add(new int[] {mono, left, right});
        }
    }

    /** Builds the network of a costed split. */
    private static final class NetBuilder {
        private final int m;
        private final Affine affine;
        private final List<Form[]> products = new ArrayList<>();
        private final Lin[] monomial; // monomial mask -> its form (variables: the y forms)
        private Form[] outputs;

        NetBuilder(int m, Affine affine) {
            this.m = m;
            this.affine = affine;
            this.monomial = new Lin[1 << m];
            monomial[0] = Lin.one();
            for (int i = 0; i < m; i++) {
                monomial[1 << i] = affine.yForm(i);
            }
        }

        private Lin product(Lin a, Lin b) {
            products.add(new Form[] {a.form(), b.form()});
            return Lin.signal(m + products.size() - 1);
        }

        /** The function of group B whose monomial coefficients are {@code v}, as a free form. */
        private Lin function(long[] v, int[] sOf) {
            Lin l = new Lin();
            for (int t = 0; t < sOf.length; t++) {
                if (((v[t >>> 6] >>> t) & 1) != 0) {
                    l.add(monomial[sOf[t]]);
                }
            }
            return l;
        }

        void build(Closure closure, List<Group> groups, int[] sOf, int n) {
            for (int[] s : closure.stepList()) {
                monomial[s[0]] = product(monomial[s[1]], monomial[s[2]]);
            }
            Lin[] out = new Lin[n];
            for (int j = 0; j < n; j++) {
                out[j] = new Lin();
            }
            for (Group g : groups) {
                if (g.monomial() == 0) {
                    for (int j = 0; j < n; j++) {
                        out[j].add(function(g.h()[j], sOf));
                    }
                    continue;
                }
                Lin mono = monomial[g.monomial()];
                List<long[]> chosen = g.basis().vectors;
                Lin[] terms = new Lin[chosen.size()];
                for (int i = 0; i < terms.length; i++) {
                    boolean isOne = i == 0 && g.basis().hasOne();
                    terms[i] = isOne ? mono : product(mono, function(chosen.get(i), sOf));
                }
                for (int j = 0; j < n; j++) {
                    long combo = g.basis().express(g.h()[j]);
                    for (int i = 0; i < terms.length; i++) {
                        if (((combo >>> i) & 1) != 0) {
                            out[j].add(terms[i]);
                        }
                    }
                }
            }
            outputs = new Form[n];
            for (int j = 0; j < n; j++) {
                outputs[j] = out[j].form();
            }
        }

        TableNetwork network(String method) {
            return new TableNetwork(m, products.toArray(new Form[0][]), outputs, method);
        }
    }
}
