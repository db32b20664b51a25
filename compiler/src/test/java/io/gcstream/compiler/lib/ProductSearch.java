package io.gcstream.compiler.lib;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The exhaustive search that found the 5-AND GF(16) inversion of {@link TowerField} and the
 * 4-AND PRESENT S-box of {@link Present80}, kept so the claim can be re-run. Functions of 4
 * bits are 16-bit truth tables. The first {@code placed} ANDs are enumerated depth-first, each a
 * product of two affine forms over the inputs and the earlier ANDs; the remaining {@code r}
 * are decided by linear algebra: with V = span(1, inputs, placed ANDs), the targets need
 * residues of dimension r modulo V, and r more products whose residues lie in span(targets) + V
 * and are independent mod V complete the circuit.
 */
final class ProductSearch {
    private static final int ONE = 0xFFFF;

    private ProductSearch() {
    }

    private static int var(int i) {
        int t = 0;
        for (int x = 0; x < 16; x++) {
            if (((x >> i) & 1) == 1) {
                t |= 1 << x;
            }
        }
        return t;
    }

    /** A GF(2) row basis of 16-bit vectors, reduced so each vector has its own pivot. */
    private static final class Basis {
        final int[] rows = new int[17];
        final int[] pivots = new int[17];
        int n;

        Basis copy() {
            Basis b = new Basis();
            System.arraycopy(rows, 0, b.rows, 0, n);
            System.arraycopy(pivots, 0, b.pivots, 0, n);
            b.n = n;
            return b;
        }

        int reduce(int v) {
            for (int i = 0; i < n; i++) {
                if (((v >> pivots[i]) & 1) == 1) {
                    v ^= rows[i];
                }
            }
            return v;
        }

        boolean add(int v) {
            v = reduce(v);
            if (v == 0) {
                return false;
            }
            int p = Integer.numberOfTrailingZeros(v);
            for (int i = 0; i < n; i++) {
                if (((rows[i] >> p) & 1) == 1) {
                    rows[i] ^= v;
                }
            }
            rows[n] = v;
            pivots[n++] = p;
            return true;
        }
    }

    /** All distinct products of two non-constant affine forms over {@code signals}. */
    private static List<Integer> products(List<Integer> signals) {
        int k = signals.size();
        int[] forms = new int[2 * ((1 << k) - 1)];
        int nf = 0;
        for (int s = 1; s < 1 << k; s++) {
            int t = 0;
            for (int i = 0; i < k; i++) {
                if (((s >> i) & 1) == 1) {
                    t ^= signals.get(i);
                }
            }
            forms[nf++] = t;
            forms[nf++] = t ^ ONE;
        }
        Set<Integer> seen = new HashSet<>();
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < nf; i++) {
            for (int j = i + 1; j < nf; j++) {
                if (seen.add(forms[i] & forms[j])) {
                    r.add(forms[i] & forms[j]);
                }
            }
        }
        return r;
    }

    /** True iff the targets have a circuit with {@code placed + r} ANDs of this shape. */
    static boolean exists(int[] targets, int placed, int r) {
        List<Integer> signals = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            signals.add(var(i));
        }
        return search(targets, signals, placed, r);
    }

    private static boolean search(int[] targets, List<Integer> signals, int placed, int r) {
        if (placed > 0) {
            for (int p : products(signals)) {
                signals.add(p);
                boolean found = search(targets, signals, placed - 1, r);
                signals.remove(signals.size() - 1);
                if (found) {
                    return true;
                }
            }
            return false;
        }
        Basis v = new Basis();
        v.add(ONE);
        for (int s : signals) {
            v.add(s);
        }
        Basis vt = v.copy();
        for (int t : targets) {
            vt.add(t);
        }
        int need = vt.n - v.n;
        if (need > r) {
            return false;
        }
        Basis chosen = v.copy();
        for (int p : products(signals)) {
            if (v.reduce(p) != 0 && vt.reduce(p) == 0 && chosen.add(p) && chosen.n - v.n == need) {
                return true;
            }
        }
        return need == 0;
    }

    static int[] tables(int[] function) {
        int[] t = new int[4];
        for (int j = 0; j < 4; j++) {
            for (int x = 0; x < 16; x++) {
                if (((function[x] >> j) & 1) == 1) {
                    t[j] |= 1 << x;
                }
            }
        }
        return t;
    }

    static int[] gf16Inverse() {
        int[] inv = new int[16];
        for (int x = 1; x < 16; x++) {
            for (int y = 1; y < 16; y++) {
                if (TowerField.mul4(x, y) == 1) {
                    inv[x] = y;
                }
            }
        }
        return Arrays.copyOf(inv, 16);
    }
}
