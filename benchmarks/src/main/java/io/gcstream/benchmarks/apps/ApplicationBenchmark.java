package io.gcstream.benchmarks.apps;

import io.gcstream.circuits.Party;
import io.gcstream.compiler.lib.Library;
import io.gcstream.compiler.lib.LibraryCircuit;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time per execution of a standard-library circuit in a warm session, both parties in this JVM
 * over a loopback socket ({@link TwoParties}): one session per trial (handshake and base OTs
 * once, in {@link #setUp}), then each benchmark invocation is exactly one execution — the
 * creator encodes its fresh value and garbles on the benchmark thread, the evaluator evaluates
 * on the helper thread, and the invocation ends when both have their outputs. Inputs are drawn
 * in advance (a ring of {@value #INPUTS} random pairs), so no random generation is timed; the
 * creator's input encoding (the local key expansion of the {@code -expanded} circuits) is timed,
 * as it is part of what a user runs per execution.
 *
 * <p>{@code scheme} takes every {@link Scheme} constant unless given with {@code -p}, so a new
 * scheme is benchmarked as soon as it exists. Subclasses name their circuits in a
 * {@code circuit} parameter.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public abstract class ApplicationBenchmark {
    /** Random input pairs drawn at setup and used in turn. */
    static final int INPUTS = 16;

    /** The garbling scheme; every constant of {@link Scheme} by default. */
    @Param
    public Scheme scheme;

    private LibraryCircuit circuit;
    private TwoParties parties;
    private boolean[][] creatorValues;
    private boolean[][] evaluatorInputs;
    private int next;

    /** The library name of the circuit to run, e.g. {@code aes128}. */
    protected abstract String circuitName();

    /** Builds the circuit, connects the parties and runs once, so base OTs are done. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        circuit = Library.get(circuitName());
        SplittableRandom rnd = new SplittableRandom();
        creatorValues = new boolean[INPUTS][];
        evaluatorInputs = new boolean[INPUTS][];
        for (int i = 0; i < INPUTS; i++) {
            creatorValues[i] = random(rnd, circuit.valueWidth(Party.CREATOR));
            evaluatorInputs[i] = circuit.encode(Party.EVALUATOR, random(rnd, circuit.valueWidth(Party.EVALUATOR)));
        }
        parties = TwoParties.open(SessionOptions.builder().scheme(scheme).build());
        execution();
    }

    /** One execution, both parties. */
    @Benchmark
    public boolean[] execution() throws IOException {
        int i = next;
        next = (i + 1) % INPUTS;
        return parties.run(circuit.circuit(), circuit.encode(Party.CREATOR, creatorValues[i]), evaluatorInputs[i])
                .evaluatorOutputs();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (parties != null) {
            parties.close();
        }
    }

    private static boolean[] random(SplittableRandom r, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = r.nextBoolean();
        }
        return b;
    }
}
