package io.gcstream.benchmarks.party;

import io.gcstream.ot.internal.parallel.Workers;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
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
 * What a hand-off to a {@link Workers} team costs its owner: one job of {@code threads} parts
 * of {@code work} ns each, with the workers spinning ({@code spinning}: jobs back to back) or
 * parked (after an idle pause of a millisecond, far longer than a worker spins, outside the measured
 * time, the owner unparks them). Score: ns per job; with every part on its own thread it would
 * be {@code work}, so the score minus {@code work} is the hand-off (with 0 ns parts the owner
 * takes every part before a worker has seen the job: the cost of publishing one). The owner
 * runs the parts no worker has taken, so with parked workers it mostly does them all.
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar HandOffBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class HandOffBenchmark {
    @Param({"2"})
    public int threads;

    /** Work per part, ns (a spin on the clock). */
    @Param({"0", "1000", "4000"})
    public long work;

    private Workers team;
    private final long[] sink = new long[64 * 8];
    private final Workers.Job job = (p, t) -> {
        long end = System.nanoTime() + work;
        long n = 0;
        while (System.nanoTime() < end) {
            n++;
        }
        sink[8 * p] += n;
    };

    @Setup(Level.Trial)
    public void setup() {
        team = new Workers(threads, "handoff");
        team.wake();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        team.close();
    }

    /** Back-to-back jobs: the workers are spinning when each comes. */
    @Benchmark
    public void spinning() {
        team.run(job, threads);
    }

    /** State that makes every job find its workers parked. */
    @State(Scope.Thread)
    public static class Idle {
        @Setup(Level.Invocation)
        public void pause() {
            LockSupport.parkNanos(1_000_000);
        }
    }

    /** After an idle pause: the owner unparks the workers (they may come too late for the job). */
    @Benchmark
    public void parked(Idle idle) {
        team.run(job, threads);
    }
}
