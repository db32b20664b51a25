package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.compiler.bristol.BristolImporter;
import io.gcstream.compiler.bristol.BristolOptions;
import io.gcstream.compiler.dsl.Bit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.SInt;
import io.gcstream.compiler.dsl.Table;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.LocalPair;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
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
    /** The smallest library grid with two groups of 16 lanes: 64 columns, segments of 16 steps. */
    private static final String SCHEDULED = "levenshtein70x64dna";
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
        names.add("dsl: adder/comparator/multiplier via nested sub-circuits");
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

    /** Creator and evaluator each hold two 32-bit values; outputs go to both, via nested calls. */
    private static Circuit builtWithCalls() {
        Computation c = new Computation();
        BiFunction<UInt, UInt, UInt> add = c.define("add32", Type.uint(32), Type.uint(32), UInt::add);
        Computation.Function3<UInt, UInt, UInt, UInt> mulAdd = c.define("muladd32", Type.uint(32), Type.uint(32),
                Type.uint(32), (a, b, z) -> add.apply(a.mul(b), z));
        UInt[] x = c.creator().uints(2, 32);
        UInt[] y = c.evaluator().uints(2, 32);
        UInt r = mulAdd.apply(x[0], y[0], x[1]);
        Bit less = x[1].lessThan(y[1]);
        c.creator().output(r);
        c.evaluator().output(r.concat(less.asUInt()));
        return c.build();
    }

    /** Typed values of io.gcstream.compiler.dsl: most operations kinds, outputs to both parties. */
    private static Circuit typedDsl() {
        Computation c = new Computation();
        SInt a = c.creator().sint(16);
        UInt k = c.creator().uint(6);
        SInt b = c.evaluator().sint(16);
        UInt i = c.evaluator().uint(4);
        BiFunction<SInt, SInt, SInt> clamp = c.define("clamp16", Type.sint(16), Type.sint(16),
                (x, y) -> x.max(y.negate()).min(y));
        Table present = Table.of(new int[] {0xC, 5, 6, 0xB, 9, 0, 0xA, 0xD, 3, 0xE, 0xF, 8, 4, 7, 1, 2}, 4, 4);
        Table scores = Table.of(java.util.stream.IntStream.range(0, 64).map(x -> (x * 37 + 11) % 16).toArray(), 6, 4);
        c.creator().output(a.mulFull(b));
        c.creator().output(clamp.apply(a, b).abs());
        c.evaluator().output(i.lookup(present).concat(k.lookup(scores)));
        c.evaluator().output(a.shiftRight(i).sub(b).lessThan(a).select(a, b));
        c.evaluator().output(k.bitCount().extend(4).add(i));
        return c.build();
    }

    /**
     * {@code party}'s input bits for a random value as users give it, encoded as the circuit
     * takes it (round keys, score rows): random bits, except that a protein is a random string of
     * the 20 amino acids.
     */
    private static boolean[] input(LibraryCircuit lc, Party party, SplittableRandom rnd) {
        int width = lc.valueWidth(party);
        if (!lc.name().startsWith("smithwaterman")) {
            return lc.encode(party, random(rnd, width));
        }
        StringBuilder protein = new StringBuilder();
        for (int i = 0; i < width / 5; i++) {
            protein.append("ARNDCQEGHILKMFPSTWYV".charAt(rnd.nextInt(20)));
        }
        return lc.encode(party, protein);
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
            xs.add(input(lc, Party.CREATOR, rnd));
            ys.add(input(lc, Party.EVALUATOR, rnd));
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

    /**
     * Library circuits whose definitions split between threads (S-boxes, grid blocks), some that
     * do not, and a grid wide enough to carry a schedule, which a team walks in lockstep.
     */
    private static final String[] THREADED = {"aes128", "present80", "levenshtein20x30dna",
        "levenshtein19x25dna-fastgc", "smithwaterman9x20", "minimum20x8", "karatsuba64", SCHEDULED};

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
            xs.add(input(lc, Party.CREATOR, rnd));
            ys.add(input(lc, Party.EVALUATOR, rnd));
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
            xs.add(lc.encode(Party.CREATOR, random(rnd, lc.valueWidth(Party.CREATOR))));
            ys.add(lc.encode(Party.EVALUATOR, random(rnd, lc.valueWidth(Party.EVALUATOR))));
        }
        List<LocalPair.Outcome> garbled = LocalPair.runAll(c, xs, ys,
                SessionOptions.builder().scheme(scheme).threads(threads).build(), LocalPair.Connection.MEMORY);
        for (int i = 0; i < xs.size(); i++) {
            Simulator.Result expected = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expected.creatorOutputs(), garbled.get(i).creatorOutputs(), "creator, pair " + i);
            assertArrayEquals(expected.evaluatorOutputs(), garbled.get(i).evaluatorOutputs(), "evaluator, pair " + i);
        }
    }

    /**
     * A scheduled grid between parties on different thread counts, one walking it in lockstep
     * and the other gate by gate or with a team of another size: the table stream does not
     * depend on the thread count, so the outputs still equal the simulator's.
     */
    @ParameterizedTest(name = "{0} creator {1} / evaluator {2} threads")
    @MethodSource("mixedThreadCases")
    void aScheduledGridInteroperatesAcrossThreadCounts(Scheme scheme, int creatorThreads, int evaluatorThreads)
            throws Exception {
        LibraryCircuit lc = Library.get(SCHEDULED);
        Circuit c = lc.circuit();
        assertTrue(Circuits.schedule(c) != null, SCHEDULED + " carries a schedule");
        SplittableRandom rnd = new SplittableRandom(31L * creatorThreads + evaluatorThreads + 7L * scheme.ordinal());
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            xs.add(input(lc, Party.CREATOR, rnd));
            ys.add(input(lc, Party.EVALUATOR, rnd));
        }
        SessionOptions co = SessionOptions.builder().scheme(scheme).threads(creatorThreads).build();
        SessionOptions eo = SessionOptions.builder().scheme(scheme).threads(evaluatorThreads).build();
        Channel[] ch = MemoryChannel.pair(
                ChannelOptions.builder().readTimeout(co.timeout()).build());
        CompletableFuture<List<boolean[]>> evaluator = CompletableFuture
                .supplyAsync(() -> {
                    try (GcSession e = GcSession.evaluator(ch[1], eo)) {
                        List<boolean[]> out = new ArrayList<>();
                        for (boolean[] y : ys) {
                            out.add(e.run(c, y));
                        }
                        return out;
                    }
                });
        List<boolean[]> creatorOut = new ArrayList<>();
        try (GcSession g = GcSession.creator(ch[0], co)) {
            for (boolean[] x : xs) {
                creatorOut.add(g.run(c, x));
            }
        }
        List<boolean[]> evaluatorOut = evaluator.get();
        for (int i = 0; i < xs.size(); i++) {
            Simulator.Result expected = Simulator.run(c, xs.get(i), ys.get(i));
            assertArrayEquals(expected.creatorOutputs(), creatorOut.get(i), "creator, pair " + i);
            assertArrayEquals(expected.evaluatorOutputs(), evaluatorOut.get(i), "evaluator, pair " + i);
        }
    }

    static Stream<Arguments> mixedThreadCases() {
        List<Arguments> out = new ArrayList<>();
        for (Scheme s : Scheme.values()) {
            for (int[] t : new int[][] {{2, 1}, {1, 2}, {8, 2}, {3, 8}}) {
                out.add(Arguments.of(s, t[0], t[1]));
            }
        }
        return out.stream();
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
