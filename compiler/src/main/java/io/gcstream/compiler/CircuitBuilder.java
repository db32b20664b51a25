package io.gcstream.compiler;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.internal.format.SubCircuitNames;
import io.gcstream.compiler.internal.Access;
import io.gcstream.compiler.internal.FrontEnd;
import io.gcstream.compiler.internal.GateList;
import io.gcstream.compiler.internal.Program;
import io.gcstream.compiler.internal.StreamCompiler;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Builds a circuit gate by gate: the lower level under the typed DSL
 * ({@code io.gcstream.compiler.dsl.Computation}), for generators and gate-level gadgets. Wires
 * are int handles, {@link Word}s are bit vectors (bit 0 least significant); {@link #build()}
 * returns the checked {@link Circuit}. Arithmetic, comparisons and selection on integers are
 * the DSL's: a circuit is written with one or the other.
 *
 * <pre>{@code
 * CircuitBuilder b = new CircuitBuilder();
 * Word x = b.creatorInput(8), y = b.evaluatorInput(8);
 * UnaryOperator<Word> and8 = b.define("and8", 16, in -> b.and(in.slice(0, 8), in.slice(8, 16)));
 * b.evaluatorOutput(and8.apply(x.concat(y)));        // one call instruction
 * Circuit c = b.build();
 * }</pre>
 *
 * <p><b>Memory does not grow with the program's length.</b> Each gate is simplified as it is
 * made (constants folded, negations absorbed, a duplicate of a recent gate merged: see
 * {@code FrontEnd}) and the main circuit's gates leave memory at once, spilled to a temporary
 * file once they pass 1 MiB; {@link #build()} then removes dead gates and allocates slots in
 * streaming passes over that file (docs/compiler.md). What stays in memory is what the program
 * itself holds (its words), the sub-circuit definitions, the values alive at once and a few
 * MiB of bounded tables. The file goes to the directory named by the system property
 * {@code gcstream.spill.dir} (default {@code java.io.tmpdir}), is private to this process and
 * unlinked as soon as it is opened, so it disappears when the circuit is no longer used or the
 * process ends, however it ends; a disk that fills up is an {@link java.io.UncheckedIOException}
 * saying so. A large circuit's body stays in such a file for as long as the {@link Circuit}
 * is used; a body of up to 65,536 instructions is held in memory.
 *
 * <p>A wire handle is a <em>literal</em>: {@link #ZERO} and {@link #ONE} are the constants and
 * {@link #not} costs nothing (it flips the handle's low bit; the gates that read it absorb the
 * negation). One body holds at most 2^30 values; a longer computation repeats its work
 * through sub-circuit calls, which also make the circuit smaller on disk and faster to build.
 *
 * <p>Sub-circuits: {@link #define} runs its lambda once with fresh input wires; every gate the
 * lambda adds through this builder goes into the sub-circuit's body (definitions may nest and
 * call earlier definitions). It returns the sub-circuit as a function: each {@code apply}
 * emits one call instruction in the body being built then. Wires belong to the body they were made in: using a wire of one
 * body in another is an error that is only partly detected (wire ids are per body).
 * Creator and evaluator inputs and outputs are numbered in the order they are added; each
 * party's bits are concatenated, the first word in the lowest bits. Not thread-safe; a builder
 * builds one circuit.
 */
public final class CircuitBuilder {
    /** The constant-0 wire. */
    public static final int ZERO = 0;
    /** The constant-1 wire. */
    public static final int ONE = 1;

    private final StreamCompiler main = new StreamCompiler("main circuit");
    /** The bodies being written, innermost first: the main circuit's last. */
    private final Deque<FrontEnd> bodies = new ArrayDeque<>();
    private final List<Program.Sub> subs = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final IntList creatorIn = new IntList();
    private final IntList evaluatorIn = new IntList();
    private final IntList creatorOut = new IntList();
    private final IntList evaluatorOut = new IntList();
    private boolean built;

    static {
        Access.register(new Access.Builder() {
            @Override
            public List<Program.Sub> subCircuits(CircuitBuilder b) {
                return List.copyOf(b.subs);
            }
        });
    }

    /** An empty builder: no inputs, no gates. */
    public CircuitBuilder() {
        bodies.push(main.front());
    }

    private FrontEnd body() {
        if (built) {
            throw new IllegalStateException("this builder has built its circuit; use a new one");
        }
        return bodies.peek();
    }

    private void requireMain(String what) {
        if (bodies.size() != 1) {
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

    private Word input(int n, IntList party) {
        requireMain("an input");
        FrontEnd f = body();
        int[] w = new int[n];
        for (int i = 0; i < n; i++) {
            w[i] = f.input();
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

    private void output(Word word, IntList party) {
        requireMain("an output");
        for (int w : word.wires()) {
            check(w);
            party.add(w);
        }
    }

    // ---- single gates -------------------------------------------------------------------

    /** Any two-input gate, {@code table} as in {@link TruthTable}. */
    public int gate(int table, int a, int b) {
        if ((table & ~15) != 0) {
            throw new IllegalArgumentException("truth table " + table + " is not in 0..15");
        }
        return body().gate(table, check(a), check(b));
    }

    public int xor(int a, int b) {
        return gate(TruthTable.XOR, a, b);
    }

    public int and(int a, int b) {
        return gate(TruthTable.AND, a, b);
    }

    /** a OR b: one non-linear gate. */
    public int or(int a, int b) {
        return gate(TruthTable.OR, a, b);
    }

    /** NOT a: free, no gate (the handle of the negation). */
    public int not(int a) {
        return check(a) ^ 1;
    }

    /** {@code s ? a1 : a0} with one AND: a0 ⊕ (s ∧ (a0 ⊕ a1)). */
    public int mux(int s, int a0, int a1) {
        return xor(a0, and(s, xor(a0, a1)));
    }

    // ---- words --------------------------------------------------------------------------

    /** The {@code width}-bit constant {@code value} (low bits of it). */
    private static Word constant(BigInteger value, int width) {
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
     * with the input word, and returns the output word. Its gates go into the sub-circuit. The
     * result calls it: {@code apply(args)} (the arguments concatenated, {@link Word#concat})
     * emits one call instruction in the body being built then, the main circuit or another
     * definition's, and returns the call's output word.
     *
     * @throws IllegalArgumentException if {@code name} is not a name every circuit format takes
     *     (an identifier of at most 255 bytes) or is already defined; {@code apply} throws it for
     *     arguments of another width or builder
     */
    public UnaryOperator<Word> define(String name, int inputWidth, Function<Word, Word> body) {
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
    public UnaryOperator<Word> defineByLevel(String name, int inputWidth, Function<Word, Word> body) {
        return define(name, inputWidth, body, true);
    }

    private UnaryOperator<Word> define(String name, int inputWidth, Function<Word, Word> body, boolean byLevel) {
        Objects.requireNonNull(name);
        SubCircuitNames.check(name);
        checkUnused(name);
        if (inputWidth < 0) {
            throw new IllegalArgumentException("negative input width " + inputWidth);
        }
        body(); // not after build
        GateList g = new GateList();
        FrontEnd f = new FrontEnd(FrontEnd.into(g), "sub-circuit " + name);
        int[] in = new int[inputWidth];
        for (int i = 0; i < inputWidth; i++) {
            in[i] = f.input();
        }
        bodies.push(f);
        Word out;
        try {
            out = Objects.requireNonNull(body.apply(Word.of(in)), "sub-circuit body returned null");
            for (int w : out.wires()) {
                check(w);
            }
        } finally {
            bodies.pop();
        }
        int[] nodes = f.nodes(out.wires(), inputWidth > 0 ? 1 : 0);
        for (int i = 0; i < nodes.length; i++) {
            nodes[i]++; // GateList wires: node + 1
        }
        g.setOutputs(nodes);
        checkUnused(name); // again: the body may have defined it
        names.add(name);
        subs.add(new Program.Sub(name, g, byLevel));
        return new Def(name, subs.size() - 1, inputWidth, out.width());
    }

    private void checkUnused(String name) {
        if (names.contains(name)) {
            throw new IllegalArgumentException("sub-circuit name '" + name
                    + "' is already defined: the sub-circuits of a circuit have distinct names");
        }
    }

    /** A sub-circuit of this builder: {@code apply} calls it in the body being built. */
    private final class Def implements UnaryOperator<Word> {
        private final String name;
        private final int index;
        private final int inputWidth;
        private final int outputWidth;

        Def(String name, int index, int inputWidth, int outputWidth) {
            this.name = name;
            this.index = index;
            this.inputWidth = inputWidth;
            this.outputWidth = outputWidth;
        }

        @Override
        public Word apply(Word args) {
            if (args.width() != inputWidth) {
                throw new IllegalArgumentException("sub-circuit " + name + " takes " + inputWidth
                        + " bits, called with " + args.width());
            }
            for (int w : args.wires()) {
                check(w);
            }
            FrontEnd front = body();
            int carrier = bodies.size() > 1 ? (front.nodeCount() > 1 ? 1 : 0) : mainCarrier();
            return Word.of(front.call(index, outputWidth, args.wires(), carrier));
        }

        @Override
        public String toString() {
            return "sub-circuit " + name + " (" + inputWidth + " -> " + outputWidth + " bits)";
        }
    }

    /** The node a constant of the main body is computed from: its first input (creator's first). */
    private int mainCarrier() {
        if (creatorIn.size() > 0) {
            return creatorIn.get(0) >>> 1;
        }
        return evaluatorIn.size() > 0 ? evaluatorIn.get(0) >>> 1 : 0;
    }

    // ---- result -------------------------------------------------------------------------

    /**
     * Removes dead gates, allocates slots and returns the checked circuit; the builder is done
     * afterwards. Streams the main body (see the class comment): memory does not grow with it.
     *
     * @throws java.io.UncheckedIOException if the body cannot be spilled (a full disk)
     */
    public Circuit build() {
        requireMain("build");
        body();
        built = true;
        try {
            List<SubCircuit> compiled = new ArrayList<>();
            for (Program.Sub s : subs) {
                compiled.add(Program.compileSub(s, List.copyOf(compiled), true, -1));
            }
            int[] outs = main.front().nodes(outputLiterals(), mainCarrier());
            return main.compile(compiled, inputNodes(), creatorIn.size(), outs, creatorOut.size(),
                    StreamCompiler.Options.defaults());
        } catch (RuntimeException | Error e) {
            main.discard();
            throw e;
        }
    }

    private int[] inputNodes() {
        int[] in = new int[creatorIn.size() + evaluatorIn.size()];
        for (int i = 0; i < creatorIn.size(); i++) {
            in[i] = creatorIn.get(i) >>> 1;
        }
        for (int i = 0; i < evaluatorIn.size(); i++) {
            in[creatorIn.size() + i] = evaluatorIn.get(i) >>> 1;
        }
        return in;
    }

    private int[] outputLiterals() {
        int[] outs = new int[creatorOut.size() + evaluatorOut.size()];
        for (int i = 0; i < creatorOut.size(); i++) {
            outs[i] = creatorOut.get(i);
        }
        for (int i = 0; i < evaluatorOut.size(); i++) {
            outs[creatorOut.size() + i] = evaluatorOut.get(i);
        }
        return outs;
    }

    private int check(int w) {
        if (!body().valid(w)) {
            throw new IllegalArgumentException("wire " + w + " does not exist in the body being built");
        }
        return w;
    }

    private static void sameWidth(Word a, Word b) {
        if (a.width() != b.width()) {
            throw new IllegalArgumentException("words of different widths: " + a.width() + " and " + b.width());
        }
    }

    /** A growable int array (inputs and outputs: no boxed Integer per bit). */
    private static final class IntList {
        private int[] a = new int[16];
        private int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, 2 * n);
            }
            a[n++] = v;
        }

        int get(int i) {
            return a[i];
        }

        int size() {
            return n;
        }
    }
}
