package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.TruthTable;

/**
 * Truth-table algebra for the optimiser (encoding of {@link TruthTable}); the functions the
 * compiler's front end calls per gate are looked up in tables computed once.
 */
final class Tables {
    private static final int[] FLIP_FIRST = new int[16];
    private static final int[] FLIP_SECOND = new int[16];
    private static final int[] SWAP = new int[16];

    static {
        for (int t = 0; t < 16; t++) {
            FLIP_FIRST[t] = of(t, 1, 0, 0);
            FLIP_SECOND[t] = of(t, 0, 1, 0);
            SWAP[t] = of(t, 0, 0, 1);
        }
    }

    private Tables() {
    }

    /** t'(a, b) = t(¬a, b). */
    static int flipFirst(int t) {
        return FLIP_FIRST[t];
    }

    /** t'(a, b) = t(a, ¬b). */
    static int flipSecond(int t) {
        return FLIP_SECOND[t];
    }

    /** t'(a, b) = t(b, a). */
    static int swap(int t) {
        return SWAP[t];
    }

    private static int of(int t, int fa, int fb, int sw) {
        int r = 0;
        for (int a = 0; a < 2; a++) {
            for (int b = 0; b < 2; b++) {
                int x = a ^ fa;
                int y = b ^ fb;
                int v = sw == 1 ? TruthTable.eval(t, y, x) : TruthTable.eval(t, x, y);
                r |= v << (3 - ((a << 1) | b));
            }
        }
        return r;
    }

    /** The one-input function b -> t(c, b), as (u(0) << 1) | u(1). */
    static int fixFirst(int t, int c) {
        return (TruthTable.eval(t, c, 0) << 1) | TruthTable.eval(t, c, 1);
    }

    /** The one-input function a -> t(a, c). */
    static int fixSecond(int t, int c) {
        return (TruthTable.eval(t, 0, c) << 1) | TruthTable.eval(t, 1, c);
    }

    /** The one-input function x -> t(x, x). */
    static int diagonal(int t) {
        return (TruthTable.eval(t, 0, 0) << 1) | TruthTable.eval(t, 1, 1);
    }

    static boolean dependsOnFirst(int t) {
        return fixFirst(t, 0) != fixFirst(t, 1);
    }

    static boolean dependsOnSecond(int t) {
        return fixSecond(t, 0) != fixSecond(t, 1);
    }
}
