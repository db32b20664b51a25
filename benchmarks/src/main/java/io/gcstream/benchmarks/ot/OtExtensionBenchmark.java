package io.gcstream.benchmarks.ot;

import io.gcstream.ot.OtExtensionReceiver;
import io.gcstream.ot.OtExtensionSender;
import io.gcstream.ot.OtOptions;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.crypto.Prg;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * IKNP OT extension end to end over loopback TCP (sender on a peer thread, receiver on the
 * benchmark thread, one session set up once): 10^7 OTs per invocation in calls of 2^20 OTs.
 * Scores are OTs per second.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
public class OtExtensionBenchmark {
    static final int N = 10_000_000;
    static final int BATCH = 1 << 20;

    @Param({"16384"})
    public int blockSize;

    private LoopbackPair pair;
    private OtExtensionSender sender;
    private OtExtensionReceiver receiver;
    private final long[] x0 = new long[2 * BATCH];
    private final long[] x1 = new long[2 * BATCH];
    private final long[] got = new long[2 * BATCH];
    private final long[] choices = new long[BATCH / 64];

    @Setup(Level.Trial)
    public void setup() throws Exception {
        pair = new LoopbackPair();
        Object[] s = pair.otSessions(OtOptions.builder().blockSize(blockSize).build());
        sender = (OtExtensionSender) s[0];
        receiver = (OtExtensionReceiver) s[1];
        Prg.fromSecureRandom().nextLongs(choices, 0, choices.length);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        pair.close();
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long correlatedOts() throws Exception {
        for (int done = 0; done < N; done += BATCH) {
            int k = Math.min(BATCH, N - done);
            pair.both(() -> sender.correlated(0x1234L | 1, 0x5678L, k, x0, 0),
                    () -> receiver.correlated(choices, 0, k, got, 0));
        }
        return got[0];
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long randomOts() throws Exception {
        for (int done = 0; done < N; done += BATCH) {
            int k = Math.min(BATCH, N - done);
            pair.both(() -> sender.random(k, x0, 0, x1, 0),
                    () -> receiver.random(choices, 0, k, got, 0));
        }
        return got[0];
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long sessionDeltaCorrelatedOts() throws Exception {
        for (int done = 0; done < N; done += BATCH) {
            int k = Math.min(BATCH, N - done);
            pair.both(() -> SessionDeltaOt.correlated(sender, k, x0, 0),
                    () -> SessionDeltaOt.correlated(receiver, choices, 0, k, got, 0));
        }
        return got[0];
    }
}
