package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.ArrayList;
import java.util.List;

/**
 * Hamming weight and distance. The weight of n bits is counted by column compression with
 * full adders (3 bits of one weight → 1 bit of that weight and 1 carry, one AND) and, where a
 * column ends with two bits, a half adder (one AND): n − HW(n) ANDs in total (HW = number of
 * ones of n in binary), asserted by the tests.
 */
public final class Hamming {
    private Hamming() {
    }

    /** The number of ones in {@code x}, as a word of bit length of n (enough for n). */
    public static Word weight(CircuitBuilder b, Word x) {
        int n = x.width();
        int width = 32 - Integer.numberOfLeadingZeros(n);
        List<List<Integer>> cols = new ArrayList<>();
        for (int j = 0; j <= width; j++) {
            cols.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            cols.get(0).add(x.bit(i));
        }
        int[] out = new int[width];
        for (int j = 0; j < width; j++) {
            List<Integer> col = cols.get(j);
            int k = 0; // bits consumed from the front; results appended at the end
            while (col.size() - k >= 3) {
                int a = col.get(k);
                int c = col.get(k + 1);
                int d = col.get(k + 2);
                k += 3;
                // full adder: s = a ⊕ c ⊕ d, carry = a ⊕ ((a ⊕ c) ∧ (a ⊕ d))
                int ac = b.xor(a, c);
                col.add(b.xor(ac, d));
                cols.get(j + 1).add(b.xor(a, b.and(ac, b.xor(a, d))));
            }
            if (col.size() - k == 2) {
                int a = col.get(k);
                int c = col.get(k + 1);
                col.add(b.xor(a, c));
                cols.get(j + 1).add(b.and(a, c));
                k += 2;
            }
            out[j] = col.size() - k == 1 ? col.get(k) : CircuitBuilder.ZERO;
        }
        return Word.of(out);
    }

    /** The number of positions where {@code x} and {@code y} differ. */
    public static Word distance(CircuitBuilder b, Word x, Word y) {
        return weight(b, b.xor(x, y));
    }

    /** Hamming distance of the creator's and the evaluator's n-bit inputs, output to both. */
    public static Circuit circuit(int n) {
        CircuitBuilder b = new CircuitBuilder();
        Word x = b.creatorInput(n);
        Word y = b.evaluatorInput(n);
        Word d = distance(b, x, y);
        b.creatorOutput(d);
        b.evaluatorOutput(d);
        return b.build();
    }
}
