package io.gcstream.compiler.dsl;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import java.util.Arrays;
import java.util.BitSet;

/**
 * A straight-line program of ANDs and free XORs computing a table: the signals are the m input
 * bits (0 … m−1) and the products (m + k for product k); product k is the AND of two affine
 * forms (an XOR of earlier signals, possibly negated), each output bit an affine form. The
 * number of ANDs is the number of products. Immutable.
 */
final class TableNetwork {
    /** An XOR of signals, negated if {@code negated}. */
    record Form(int[] signals, boolean negated) {
        static Form of(BitSet signals, boolean negated) {
            return new Form(signals.stream().toArray(), negated);
        }

        boolean eval(boolean[] value) {
            boolean v = negated;
            for (int s : signals) {
                v ^= value[s];
            }
            return v;
        }

        int emit(CircuitBuilder b, int[] wire) {
            int w = CircuitBuilder.ZERO;
            for (int i = 0; i < signals.length; i++) {
                w = i == 0 ? wire[signals[0]] : b.xor(w, wire[signals[i]]);
            }
            return negated ? b.not(w) : w;
        }
    }

    private final int inputs;
    private final Form[][] products;
    private final Form[] outputs;
    private final String method;

    TableNetwork(int inputs, Form[][] products, Form[] outputs, String method) {
        this.inputs = inputs;
        this.products = products;
        this.outputs = outputs;
        this.method = method;
        for (int k = 0; k < products.length; k++) {
            for (Form f : products[k]) {
                check(f, inputs + k);
            }
        }
        for (Form f : outputs) {
            check(f, inputs + products.length);
        }
    }

    private static void check(Form f, int limit) {
        for (int s : f.signals()) {
            if (s < 0 || s >= limit) {
                throw new IllegalStateException("table network reads signal " + s + " before it exists");
            }
        }
    }

    int andCount() {
        return products.length;
    }

    int outputCount() {
        return outputs.length;
    }

    /** How it was found, for the docs and tests. */
    String method() {
        return method;
    }

    /** The outputs for input {@code x} (bit j of the result is output j). */
    long eval(int x) {
        boolean[] v = new boolean[inputs + products.length];
        for (int i = 0; i < inputs; i++) {
            v[i] = ((x >> i) & 1) != 0;
        }
        for (int k = 0; k < products.length; k++) {
            v[inputs + k] = products[k][0].eval(v) && products[k][1].eval(v);
        }
        long r = 0;
        for (int j = 0; j < outputs.length; j++) {
            if (outputs[j].eval(v)) {
                r |= 1L << j;
            }
        }
        return r;
    }

    /** Adds the network's gates to the body {@code b} is building, over the input word. */
    Word emit(CircuitBuilder b, Word in) {
        int[] wire = Arrays.copyOf(in.wires(), inputs + products.length);
        for (int k = 0; k < products.length; k++) {
            wire[inputs + k] = b.and(products[k][0].emit(b, wire), products[k][1].emit(b, wire));
        }
        int[] out = new int[outputs.length];
        for (int j = 0; j < out.length; j++) {
            out[j] = outputs[j].emit(b, wire);
        }
        return Word.of(out);
    }
}
