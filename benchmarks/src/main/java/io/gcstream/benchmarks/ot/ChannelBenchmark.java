package io.gcstream.benchmarks.ot;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk {@code writeLongs}/{@code readLongs} over loopback TCP (writer on a peer thread): 64 MiB
 * per invocation in arrays of 2^20 longs. Score: bytes per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelBenchmark {
    private static final int LONGS = 1 << 20;
    private static final int REPS = 8;

    private LoopbackPair pair;
    private final long[] out = new long[LONGS];
    private final long[] in = new long[LONGS];

    @Setup(Level.Trial)
    public void setup() throws Exception {
        pair = new LoopbackPair();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        pair.close();
    }

    @Benchmark
    @OperationsPerInvocation(8 * LONGS * REPS)
    public long bulkLongsBytes() throws Exception {
        pair.both(() -> {
            for (int i = 0; i < REPS; i++) {
                pair.a.writeLongs(out, 0, LONGS);
            }
            pair.a.flush();
        }, () -> {
            for (int i = 0; i < REPS; i++) {
                pair.b.readLongs(in, 0, LONGS);
            }
        });
        return in[0];
    }
}
