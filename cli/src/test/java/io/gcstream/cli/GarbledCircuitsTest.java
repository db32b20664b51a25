package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.Arithmetic;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.bristol.BristolImporter;
import io.gcstream.compiler.bristol.BristolOptions;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.SInt;
import io.gcstream.compiler.dsl.Subroutine;
import io.gcstream.compiler.dsl.Table;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The oracle check across modules: every public Bristol circuit, the standard library at
 * moderate sizes ({@link #LIBRARY}; random values encoded by the circuits' input encoders, so
 * the expanded ciphers get round keys), a builder circuit with nested sub-circuit calls and a
 * circuit of typed DSL values, both
 * schemes, 20 random input pairs each in one session, garbled outputs equal to the
 * simulator's — in memory and over a loopback socket.
 */
class GarbledCircuitsTest {
    private static final int PAIRS = 20;
    /** Library circuits at moderate sizes; the encoded ones get their values encoded first. */
    private static final String[] LIBRARY = {"aes128", "aes128-expanded", "present80", "present80-expanded",
        "hamming100", "mult16", "karatsuba64", "minimum20x8", "millionaires32", "equal32", "levenshtein12x9",
        "levenshtein20x30dna", "levenshtein19x25dna-fastgc", "smithwaterman9x20"};

    static Stream<Arguments> cases() throws Exception {
        List<Arguments> out = new ArrayList<>();
        List<LibraryCircuit> circuits = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(CliTestSupport.BRISTOL)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".txt")).sorted()::iterator) {
                BristolOptions o = BristolOptions.defaults();
                if (p.getFileName().toString().equals("AES-non-expanded.txt")) {
                    o = o.bitOrder(BristolOptions.BitOrder.MSB_FIRST);
                }
                circuits.add(LibraryCircuit.of(p.getFileName().toString(), BristolImporter.read(p, o)));
                names.add(CliTestSupport.BRISTOL.relativize(p).toString());
            }
        }
        circuits.add(LibraryCircuit.of("dsl", builtWithCalls()));
        names.add("dsl: adder/comparator/multiplier via sub-circuits");
        circuits.add(LibraryCircuit.of("typed", typedDsl()));
        names.add("typed DSL: signed arithmetic, table lookups, secret shift, subroutine");
        for (String lib : LIBRARY) {
            circuits.add(Library.get(lib));
            names.add("lib:" + lib);
        }
        assertTrue(circuits.size() >= 14 + LIBRARY.length, "expected all 12 public circuits, the DSL ones and the library");
        for (int i = 0; i < circuits.size(); i++) {
            for (Scheme s : Scheme.values()) {
                for (boolean tcp : new boolean[] {false, true}) {
                    out.add(Arguments.of(names.get(i), circuits.get(i), s, tcp));
                }
            }
        }
        return out.stream();
    }

    /** Creator and evaluator each hold two 32-bit words; outputs go to both, via nested calls. */
    private static Circuit builtWithCalls() {
        CircuitBuilder b = new CircuitBuilder();
        SubCircuitDef add = b.define("add32", 64, w -> Arithmetic.add(b, w.slice(0, 32), w.slice(32, 64)));
        SubCircuitDef mulAdd = b.define("muladd32", 96, w -> {
            Word product = Arithmetic.mul(b, w.slice(0, 32), w.slice(32, 64));
            return b.call(add, product.concat(w.slice(64, 96)));
        });
        Word x = b.creatorInput(64);
        Word y = b.evaluatorInput(64);
        Word r = b.call(mulAdd, Word.concat(x.slice(0, 32), y.slice(0, 32), x.slice(32, 64)));
        int less = Arithmetic.lessThan(b, x.slice(32, 64), y.slice(32, 64));
        b.creatorOutput(r);
        b.evaluatorOutput(Word.concat(r, Word.of(less)));
        return b.build();
    }

    /** Typed values of io.gcstream.compiler.dsl: most operations kinds, outputs to both parties. */
    private static Circuit typedDsl() {
        Computation c = new Computation();
        SInt a = c.creator().sint(16);
        UInt k = c.creator().uint(6);
        SInt b = c.evaluator().sint(16);
        UInt i = c.evaluator().uint(4);
        Subroutine<SInt> clamp = c.define("clamp16", Type.sint(16), Type.sint(16), (x, y) -> x.max(y.negate()).min(y));
        Table present = Table.of(new int[] {0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2}, 4, 4);
        Table scores = Table.of(x -> (x * 37 + 11) % 16, 6, 4);
        c.creator().output(a.mulFull(b));
        c.creator().output(clamp.call(a, b).abs());
        c.evaluator().output(i.lookup(present).concat(k.lookup(scores)));
        c.evaluator().output(a.shiftRight(i).sub(b).lessThan(a).select(a, b));
        c.evaluator().output(k.bitCount().extend(4).add(i));
        return c.build();
    }

    /** A random value: random bits, except that protein strings take codes of the 20 amino acids. */
    private static boolean[] value(LibraryCircuit lc, SplittableRandom rnd, int width) {
        if (!lc.name().startsWith("smithwaterman")) {
            return random(rnd, width);
        }
        int[] codes = new int[width / 5];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = rnd.nextInt(20);
        }
        return io.gcstream.compiler.lib.SmithWaterman.encode(codes);
    }

    @ParameterizedTest(name = "{0} {2} tcp={3}")
    @MethodSource("cases")
    void garbledEqualsSimulated(String name, LibraryCircuit lc, Scheme scheme, boolean tcp) throws Exception {
        Circuit c = lc.circuit();
        SplittableRandom rnd = new SplittableRandom(name.hashCode() * 31L + scheme.ordinal());
        SessionOptions options = SessionOptions.builder().scheme(scheme).build();
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            // Random values as the users give them, encoded as the circuit takes them (round keys).
            xs.add(lc.encodeCreatorInput(value(lc, rnd, lc.creatorEncoder().valueWidth())));
            ys.add(lc.encodeEvaluatorInput(value(lc, rnd, lc.evaluatorEncoder().valueWidth())));
        }
        // All pairs in one session (base OTs once), in memory or over a loopback socket.
        List<LocalPair.Outcome> garbled = LocalPair.runAll(c, xs, ys, options,
                tcp ? LocalPair.Connection.TCP : LocalPair.Connection.MEMORY);
        for (int i = 0; i < PAIRS; i++) {
            Simulator.Result expected = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expected.creatorOutputs(), garbled.get(i).creatorOutputs(), name + " creator, pair " + i);
            assertArrayEquals(expected.evaluatorOutputs(), garbled.get(i).evaluatorOutputs(),
                    name + " evaluator, pair " + i);
        }
    }

    /** Library circuits whose definitions split between threads (S-boxes, grid blocks) and some that do not. */
    private static final String[] THREADED = {"aes128", "present80", "levenshtein20x30dna",
        "levenshtein19x25dna-fastgc", "smithwaterman9x20", "minimum20x8", "karatsuba64"};

    static Stream<Arguments> threadCases() {
        List<Arguments> out = new ArrayList<>();
        for (String lib : THREADED) {
            for (Scheme s : Scheme.values()) {
                for (int threads : new int[] {1, 2, 3, 8}) {
                    out.add(Arguments.of(lib, s, threads, threads % 2 == 0));
                }
            }
        }
        return out.stream();
    }

    /**
     * Both parties on 1, 2, 3 or 8 threads (in memory for odd counts, over loopback TCP for
     * even ones): the garbled outputs still equal the simulator's.
     */
    @ParameterizedTest(name = "{0} {1} threads={2} tcp={3}")
    @MethodSource("threadCases")
    void garbledOnThreadsEqualsSimulated(String lib, Scheme scheme, int threads, boolean tcp) throws Exception {
        LibraryCircuit lc = Library.get(lib);
        Circuit c = lc.circuit();
        SplittableRandom rnd = new SplittableRandom(lib.hashCode() * 37L + scheme.ordinal() + 100L * threads);
        SessionOptions options = SessionOptions.builder().scheme(scheme).threads(threads).build();
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            xs.add(lc.encodeCreatorInput(value(lc, rnd, lc.creatorEncoder().valueWidth())));
            ys.add(lc.encodeEvaluatorInput(value(lc, rnd, lc.evaluatorEncoder().valueWidth())));
        }
        List<LocalPair.Outcome> garbled = LocalPair.runAll(c, xs, ys, options,
                tcp ? LocalPair.Connection.TCP : LocalPair.Connection.MEMORY);
        for (int i = 0; i < xs.size(); i++) {
            Simulator.Result expected = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expected.creatorOutputs(), garbled.get(i).creatorOutputs(), lib + " creator, pair " + i);
            assertArrayEquals(expected.evaluatorOutputs(), garbled.get(i).evaluatorOutputs(),
                    lib + " evaluator, pair " + i);
        }
    }

    /**
     * A circuit with calls too long to record and replay (more than 2^20 gates): on 2 threads its
     * gate loop splits calls, on 3 it is walked on a thread of its own ahead of a loop on the
     * other two; either way the simulator's results, with and without control bits.
     */
    @ParameterizedTest(name = "{0} threads={1}")
    @MethodSource("readAheadCases")
    void walksReadAheadEqualSimulated(Scheme scheme, int threads) throws Exception {
        LibraryCircuit lc = Library.get("levenshtein150x700dna");
        Circuit c = lc.circuit();
        assertTrue(c.gateCount() > 1 << 20, "a walk too long to record");
        SplittableRandom rnd = new SplittableRandom(threads * 7L + scheme.ordinal());
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            xs.add(lc.encodeCreatorInput(random(rnd, lc.creatorEncoder().valueWidth())));
            ys.add(lc.encodeEvaluatorInput(random(rnd, lc.evaluatorEncoder().valueWidth())));
        }
        List<LocalPair.Outcome> garbled = LocalPair.runAll(c, xs, ys,
                SessionOptions.builder().scheme(scheme).threads(threads).build(), LocalPair.Connection.MEMORY);
        for (int i = 0; i < xs.size(); i++) {
            Simulator.Result expected = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expected.creatorOutputs(), garbled.get(i).creatorOutputs(), "creator, pair " + i);
            assertArrayEquals(expected.evaluatorOutputs(), garbled.get(i).evaluatorOutputs(), "evaluator, pair " + i);
        }
    }

    static Stream<Arguments> readAheadCases() {
        return Stream.of(Arguments.of(Scheme.HALF_GATES, 2), Arguments.of(Scheme.THREE_HALVES, 3));
    }

    private static boolean[] random(SplittableRandom r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }
}
