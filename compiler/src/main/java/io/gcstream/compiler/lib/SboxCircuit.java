package io.gcstream.compiler.lib;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.HashMap;
import java.util.Map;

/**
 * Any small S-box (n ≤ 8 bits in, m out) from its table, through the algebraic normal form of
 * each output bit: every monomial of degree ≥ 2 that occurs is computed once (one AND each,
 * built from a smaller monomial that is needed anyway where possible) and the outputs are
 * XORs of monomials. Generic, not minimal: for PRESENT's 4-bit S-box this gives 8 ANDs where
 * 4 suffice ({@link Present80} uses a dedicated 4-AND circuit). For new S-boxes.
 */
final class SboxCircuit {
    private SboxCircuit() {
    }

    /** Bit j of output = ⊕ over monomials m with anf[j] bit m set; monomial m = ∏_{i ∈ m} x_i. */
    static int[] anf(int[] table, int n, int m) {
        int[] anf = new int[m];
        for (int j = 0; j < m; j++) {
            int[] a = new int[1 << n];
            for (int x = 0; x < a.length; x++) {
                a[x] = (table[x] >> j) & 1;
            }
            for (int i = 0; i < n; i++) {
                for (int x = 0; x < a.length; x++) {
                    if (((x >> i) & 1) == 1) {
                        a[x] ^= a[x ^ (1 << i)];
                    }
                }
            }
            for (int x = 0; x < a.length; x++) {
                anf[j] |= a[x] << x; // fine for n ≤ 5 (32 monomials in an int)
            }
        }
        return anf;
    }

    /** The S-box of {@code table} (n-bit input, m-bit output) applied to {@code in}. */
    static Word build(CircuitBuilder b, Word in, int[] table, int m) {
        int n = in.width();
        if (n > 5) {
            throw new IllegalArgumentException("S-boxes of more than 5 input bits are not supported");
        }
        int[] anf = anf(table, n, m);
        int needed = 0;
        for (int a : anf) {
            needed |= a;
        }
        Map<Integer, Integer> mono = new HashMap<>();
        mono.put(0, CircuitBuilder.ONE);
        for (int i = 0; i < n; i++) {
            mono.put(1 << i, in.bit(i));
        }
        // Build needed monomials by increasing degree.
        for (int deg = 2; deg <= n; deg++) {
            for (int x = 0; x < (1 << n); x++) {
                if (Integer.bitCount(x) == deg && ((needed >>> x) & 1) == 1) {
                    monomial(b, x, mono, needed);
                }
            }
        }
        int[] out = new int[m];
        for (int j = 0; j < m; j++) {
            int w = CircuitBuilder.ZERO;
            for (int x = 0; x < (1 << n); x++) {
                if (((anf[j] >>> x) & 1) == 1) {
                    w = b.xor(w, mono.get(x));
                }
            }
            out[j] = w;
        }
        return Word.of(out);
    }

    private static int monomial(CircuitBuilder b, int x, Map<Integer, Integer> mono, int needed) {
        Integer w = mono.get(x);
        if (w != null) {
            return w;
        }
        // Prefer a split x = (x without i) · x_i whose first factor already exists or is needed.
        int best = -1;
        for (int i = 0; i < 32; i++) {
            if (((x >> i) & 1) == 1) {
                int rest = x & ~(1 << i);
                if (mono.containsKey(rest)) {
                    best = i;
                    break;
                }
                if (best < 0 || ((needed >>> rest) & 1) == 1) {
                    best = i;
                }
            }
        }
        int rest = x & ~(1 << best);
        int r = b.and(monomial(b, rest, mono, needed), mono.get(1 << best));
        mono.put(x, r);
        return r;
    }
}
