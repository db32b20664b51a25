package io.gcstream.compiler;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.Program;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Builds a circuit in Java: wires are int handles, {@link Word}s are bit vectors (bit 0 least
 * significant). Gates are recorded as written; {@link #build()} optimises (constants, dead
 * gates, duplicates), allocates slots and returns the checked {@link Circuit}.
 *
 * <pre>{@code
 * CircuitBuilder b = new CircuitBuilder();
 * Word x = b.creatorInput(32), y = b.evaluatorInput(32);
 * SubCircuitDef add = b.define("add32", 64, in -> Arithmetic.add(b, in.slice(0, 32), in.slice(32, 64)));
 * b.evaluatorOutput(add.call(x, y));
 * Circuit c = b.build();
 * }</pre>
 *
 * <p>Sub-circuits: {@link #define} runs its lambda once with fresh input wires; every gate the
 * lambda adds through this builder goes into the sub-circuit's body (definitions may nest and
 * call earlier definitions). Wires belong to the body they were made in: using a wire of one
 * body in another is an error that is only partly detected (wire ids are per body).
 * Creator and evaluator inputs and outputs are numbered in the order they are added; each
 * party's bits are concatenated, the first word in the lowest bits. Not thread-safe.
 */
public final class CircuitBuilder {
    /** The constant-0 wire. */
    public static final int ZERO = GateList.ZERO;
    /** The constant-1 wire. */
    public static final int ONE = GateList.ONE;

    private final GateList main = new GateList();
    private final Deque<GateList> bodies = new ArrayDeque<>();
    private final List<Program.Sub> subs = new ArrayList<>();
    private final List<Integer> creatorIn = new ArrayList<>();
    private final List<Integer> evaluatorIn = new ArrayList<>();
    private final List<Integer> creatorOut = new ArrayList<>();
    private final List<Integer> evaluatorOut = new ArrayList<>();

    public CircuitBuilder() {
        bodies.push(main);
    }

    private GateList body() {
        return bodies.peek();
    }

    private void requireMain(String what) {
        if (body() != main) {
            throw new IllegalStateException(what + " is only allowed in the main circuit, not in a sub-circuit body");
        }
    }

    // ---- inputs and outputs -------------------------------------------------------------

    /** {@code n} fresh creator input bits, after those already added. */
    public Word creatorInput(int n) {
        return input(n, creatorIn);
    }

    /** {@code n} fresh evaluator input bits, after those already added. */
    public Word evaluatorInput(int n) {
        return input(n, evaluatorIn);
    }

    private Word input(int n, List<Integer> party) {
        requireMain("an input");
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = main.addInput();
            party.add(w[i]);
        }
        return Word.of(w);
    }

    /** Appends {@code word} to the creator's outputs. */
    public void creatorOutput(Word word) {
        output(word, creatorOut);
    }

    /** Appends {@code word} to the evaluator's outputs. */
    public void evaluatorOutput(Word word) {
        output(word, evaluatorOut);
    }

    private void output(Word word, List<Integer> party) {
        requireMain("an output");
        for (int w : word.wires()) {
            check(w);
            party.add(w);
        }
    }

    // ---- single gates -------------------------------------------------------------------

    /** Any two-input gate, {@code table} as in {@link TruthTable}. */
    public int gate(int table, int a, int b) {
        return body().gate(table, check(a), check(b));
    }

    public int xor(int a, int b) {
        return gate(TruthTable.XOR, a, b);
    }

    public int xnor(int a, int b) {
        return gate(TruthTable.XNOR, a, b);
    }

    public int and(int a, int b) {
        return gate(TruthTable.AND, a, b);
    }

    /** a OR b: one non-linear gate. */
    public int or(int a, int b) {
        return gate(TruthTable.OR, a, b);
    }

    public int not(int a) {
        return gate(TruthTable.NOT, a, a);
    }

    /** {@code s ? a1 : a0} with one AND: a0 ⊕ (s ∧ (a0 ⊕ a1)). */
    public int mux(int s, int a0, int a1) {
        return xor(a0, and(s, xor(a0, a1)));
    }

    /** The constant wire for {@code bit}. */
    public int constant(boolean bit) {
        return bit ? ONE : ZERO;
    }

    // ---- words --------------------------------------------------------------------------

    /** The {@code width}-bit constant {@code value} (low bits of it). */
    public Word constant(BigInteger value, int width) {
        int[] w = new int[width];
        for (int i = 0; i < width; i++) {
            w[i] = value.testBit(i) ? ONE : ZERO;
        }
        return Word.of(w);
    }

    /** The {@code width}-bit constant {@code value}; bits above 64 copy the sign. */
    public Word constant(long value, int width) {
        return constant(BigInteger.valueOf(value), width);
    }

    public Word xor(Word a, Word b) {
        sameWidth(a, b);
        int[] r = new int[a.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = xor(a.bit(i), b.bit(i));
        }
        return Word.of(r);
    }

    public Word and(Word a, Word b) {
        sameWidth(a, b);
        int[] r = new int[a.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = and(a.bit(i), b.bit(i));
        }
        return Word.of(r);
    }

    public Word or(Word a, Word b) {
        sameWidth(a, b);
        int[] r = new int[a.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = or(a.bit(i), b.bit(i));
        }
        return Word.of(r);
    }

    public Word not(Word a) {
        int[] r = new int[a.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = not(a.bit(i));
        }
        return Word.of(r);
    }

    /** Each bit {@code a & bit}. */
    public Word and(Word a, int bit) {
        int[] r = new int[a.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = and(a.bit(i), bit);
        }
        return Word.of(r);
    }

    /** {@code s ? a1 : a0}, one AND per bit. */
    public Word mux(int s, Word a0, Word a1) {
        sameWidth(a0, a1);
        int[] r = new int[a0.width()];
        for (int i = 0; i < r.length; i++) {
            r[i] = mux(s, a0.bit(i), a1.bit(i));
        }
        return Word.of(r);
    }

    // ---- sub-circuits -------------------------------------------------------------------

    /**
     * Defines a sub-circuit of {@code inputWidth} input bits: {@code body} is run once, now,
     * with the input word, and returns the output word. Its gates go into the sub-circuit.
     */
    public SubCircuitDef define(String name, int inputWidth, Function<Word, Word> body) {
        return define(name, inputWidth, body, false);
    }

    /**
     * As {@link #define}, for a body made of independent parallel parts (the 16 S-boxes of an
     * AES round, the cells of a block of a dynamic program): its gates are ordered by AND depth
     * rather than for the smallest working set, so the engines hash the ANDs of all parts at
     * one depth in one batch instead of one or two at a time. The working set grows to hold
     * every part's values at once. The body may not call sub-circuits (checked when the circuit
     * is built).
     */
    public SubCircuitDef defineByLevel(String name, int inputWidth, Function<Word, Word> body) {
        return define(name, inputWidth, body, true);
    }

    private SubCircuitDef define(String name, int inputWidth, Function<Word, Word> body, boolean byLevel) {
        Objects.requireNonNull(name);
        if (inputWidth < 0) {
            throw new IllegalArgumentException("negative input width " + inputWidth);
        }
        GateList g = new GateList();
        int[] in = new int[inputWidth];
        for (int i = 0; i < inputWidth; i++) {
            in[i] = g.addInput();
        }
        bodies.push(g);
        Word out;
        try {
            out = Objects.requireNonNull(body.apply(Word.of(in)), "sub-circuit body returned null");
            for (int w : out.wires()) {
                check(w);
            }
        } finally {
            bodies.pop();
        }
        g.setOutputs(out.wires());
        subs.add(new Program.Sub(name, g, byLevel));
        return new SubCircuitDef(this, name, subs.size() - 1, inputWidth, out.width());
    }

    /** Calls {@code f} in the current body; same as {@link SubCircuitDef#call}. */
    public Word call(SubCircuitDef f, Word args) {
        if (f.owner() != this) {
            throw new IllegalArgumentException("sub-circuit " + f.name() + " belongs to another builder");
        }
        if (args.width() != f.inputWidth()) {
            throw new IllegalArgumentException("sub-circuit " + f.name() + " takes " + f.inputWidth()
                    + " bits, called with " + args.width());
        }
        for (int w : args.wires()) {
            check(w);
        }
        return Word.of(body().call(f.index(), f.outputWidth(), args.wires()));
    }

    // ---- result -------------------------------------------------------------------------

    /** The program as recorded (unoptimised), for inspection and tests. */
    public Program program() {
        requireMain("build");
        int[] order = new int[creatorIn.size() + evaluatorIn.size()];
        int k = 0;
        for (int w : creatorIn) {
            order[k++] = w;
        }
        for (int w : evaluatorIn) {
            order[k++] = w;
        }
        main.setInputOrder(order);
        int[] outs = new int[creatorOut.size() + evaluatorOut.size()];
        k = 0;
        for (int w : creatorOut) {
            outs[k++] = w;
        }
        for (int w : evaluatorOut) {
            outs[k++] = w;
        }
        main.setOutputs(outs);
        return new Program(subs, main, creatorIn.size(), creatorOut.size());
    }

    /** Optimises, allocates slots and returns the checked circuit. */
    public Circuit build() {
        return program().compile();
    }

    private int check(int w) {
        if (w < 0 || w >= body().wireCount()) {
            throw new IllegalArgumentException("wire " + w + " does not exist in the body being built");
        }
        return w;
    }

    private static void sameWidth(Word a, Word b) {
        if (a.width() != b.width()) {
            throw new IllegalArgumentException("words of different widths: " + a.width() + " and " + b.width());
        }
    }
}
