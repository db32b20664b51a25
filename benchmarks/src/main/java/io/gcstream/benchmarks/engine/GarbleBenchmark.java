package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.StreamingEvaluator;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TweakableHash;
import java.io.IOException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Garble-only and evaluate-only cost per AND gate (each AND comes with one XOR), one thread, no
 * network: the garbler's tables are dropped, the evaluator reads fixed random tables.
 *
 * <pre>
 * mvn -B -o -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar GarbleBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GarbleBenchmark {
    private static final int ANDS = 1 << 20;

    @Param({"HALF_GATES", "GRR3"})
    public Scheme scheme;

    @Param({"64"})
    public int lanes;

    private Circuit circuit;
    private GarblingScheme impl;
    private TweakableHash hash;
    private byte[] randomTables;
    private long sink;

    @Setup
    public void setUp() {
        circuit = LaneCircuit.create(lanes, ANDS);
        impl = GarblingScheme.of(scheme);
        hash = new TweakableHash();
        randomTables = new byte[impl.tableBytes() * CircuitWalker.BATCH];
        new Random(1).nextBytes(randomTables);
    }

    /** Nanoseconds per AND gate (plus one XOR) garbled. */
    @Benchmark
    @OperationsPerInvocation(ANDS)
    public long garble() throws IOException {
        StreamingGarbler g = new StreamingGarbler(impl, hash, circuit.labelSlots(), 0x5bd1e995L | 1,
                0x1b873593L, 0, (a, off, len) -> sink ^= a[off]);
        new CircuitWalker(circuit).walk(g);
        return sink ^ g.labels()[0];
    }

    /** Nanoseconds per AND gate (plus one XOR) evaluated. */
    @Benchmark
    @OperationsPerInvocation(ANDS)
    public long evaluate() throws IOException {
        byte[] t = randomTables;
        StreamingEvaluator e = new StreamingEvaluator(impl, hash, circuit.labelSlots(), 0,
                (a, off, len) -> System.arraycopy(t, 0, a, off, len));
        new CircuitWalker(circuit).walk(e);
        return e.labels()[0];
    }
}
