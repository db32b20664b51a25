package io.gcstream.benchmarks.ot;

import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.base.BaseOt;
import io.gcstream.ot.internal.crypto.Prg;
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
 * 128 random base OTs end to end over loopback TCP, both parties in this JVM (two threads), each
 * party splitting its public-key work over {@code threads} threads; {@code protocol} is
 * {@code chou-orlandi} (edwards25519), the only one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BaseOtBenchmark {
    @Param({"1", "2", "4"})
    public int threads;

    @Param({"chou-orlandi"})
    public String protocol;

    private LoopbackPair pair;
    private BaseOt sender;
    private BaseOt receiver;
    private final long[] m0 = new long[256];
    private final long[] m1 = new long[256];
    private final long[] choices = new long[2];
    private final long[] out = new long[256];

    @Setup(Level.Trial)
    public void setup() throws Exception {
        pair = new LoopbackPair();
        Prg p = Prg.fromSecureRandom();
        p.nextLongs(choices, 0, 2);
        BaseOtProtocol proto = BaseOtProtocol.parse(protocol);
        sender = proto.create(threads, Prg.fromSecureRandom());
        receiver = proto.create(threads, Prg.fromSecureRandom());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        pair.close();
    }

    @Benchmark
    public long baseOts128() throws Exception {
        pair.both(() -> sender.sendRandom(pair.a, 128, m0, m1),
                () -> receiver.receiveRandom(pair.b, choices, 128, out));
        return out[0];
    }
}
