package io.gcstream.benchmarks;

import com.beust.jcommander.Parameter;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.HeapPeak;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.Type;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.internal.Spill;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A program of a billion non-linear gates written as a user would, with the typed DSL: the
 * creator's 64-bit seed drives a linear congruential generator whose multiplier is the
 * evaluator's (made odd), x ← x·a + 0x9E3779B97F4A7C15 mod 2^64; over N steps the evaluator
 * learns the sum of the x (mod 2^64) and how many of them exceed a. The step is a sub-circuit
 * (a 64-bit product and an addition, 4,096 ANDs), called from a plain loop whose sum,
 * comparison and count (158 ANDs, about 630 gates a step) are written flat into the main body.
 * N = 235,200 steps give 10^9 ANDs.
 *
 * <pre>
 * java -Xmx64m -cp benchmarks.jar io.gcstream.benchmarks.BigProgram [--steps N] -o big.gcb
 * java -cp benchmarks.jar io.gcstream.benchmarks.BigProgram --steps N --expect SEED MULTIPLIER
 * </pre>
 *
 * The first builds the circuit and writes it, printing the counts (main body vs calls), the
 * build and write times and rates, the peak heap and the most disk the compiler's spill files
 * took; the second prints the expected outputs for hex inputs (the two values as gc run prints
 * the evaluator's output: sum in the low 64 bits, the count above them).
 */
public final class BigProgram {
    static final long ADD = 0x9E3779B97F4A7C15L;

    /** The command line. */
    static final class Options {
        @Parameter(description = "SEED MULTIPLIER (with --expect)")
        List<String> values = new ArrayList<>();

        @Parameter(names = "--steps", converter = Cli.Count.class)
        long steps = 235_200;

        @Parameter(names = "-o")
        Path output = Path.of("big.gcb");

        @Parameter(names = "--expect")
        boolean expect;
    }

    private BigProgram() {
    }

    /** The computation of {@code steps} steps. */
    public static Computation program(long steps) {
        Computation c = new Computation();
        UInt seed = c.creator().uint(64);
        UInt a = c.evaluator().uint(64).or(c.uint(1, 64));
        BiFunction<UInt, UInt, UInt> step = c.define("lcg64", Type.uint(64), Type.uint(64), (x, m) -> x.mul(m).add(ADD));
        UInt x = seed;
        UInt sum = c.uint(0, 64);
        UInt above = c.uint(0, 32);
        for (long i = 0; i < steps; i++) {
            x = step.apply(x, a);
            sum = sum.add(x);
            above = above.add(x.greaterThan(a).asUInt().extend(32));
        }
        c.evaluator().output(sum);
        c.evaluator().output(above);
        return c;
    }

    /** The evaluator's output as one integer: the sum in bits 0..63, the count in bits 64..95. */
    public static BigInteger expected(long seed, long multiplier, long steps) {
        long a = multiplier | 1;
        long x = seed;
        long sum = 0;
        long above = 0;
        for (long i = 0; i < steps; i++) {
            x = x * a + ADD;
            sum += x;
            if (Long.compareUnsigned(x, a) > 0) {
                above++;
            }
        }
        return BigInteger.valueOf(above & 0xFFFFFFFFL).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(sum)));
    }

    public static void main(String[] argv) throws Exception {
        Options a = Cli.parse(new Options(), "BigProgram", argv);
        long steps = a.steps;
        if (a.expect) {
            long seed = Long.parseUnsignedLong(strip(a.values.get(0)), 16);
            long mult = Long.parseUnsignedLong(strip(a.values.get(1)), 16);
            System.out.println("0x" + expected(seed, mult, steps).toString(16));
            return;
        }
        Path out = a.output;
        HeapPeak heap = new HeapPeak();
        heap.reset();
        Spill.resetPeak();
        long t0 = System.nanoTime();
        Circuit c = program(steps).build();
        long t1 = System.nanoTime();
        CircuitFiles.write(c, out);
        long t2 = System.nanoTime();
        long calls = 0;
        long flat = 0;
        long flatNonLinear = 0;
        try (var r = c.openBody()) {
            while (r.next()) {
                if (r.isCall()) {
                    calls++;
                } else {
                    flat++;
                    flatNonLinear += Integer.bitCount(r.table()) & 1;
                }
            }
        }
        double build = (t1 - t0) / 1e9;
        double write = (t2 - t1) / 1e9;
        System.out.printf("steps %d: %,d gates (%,d non-linear), S = %d, label slots %d%n", steps,
                c.gateCount(), c.nonLinearCount(), c.numSlots(), c.labelSlots());
        System.out.printf("main body: %,d instructions: %,d gates flat (%,d non-linear), %,d calls"
                + " (%,d gates, %,d non-linear, inside calls)%n", c.instructionCount(), flat, flatNonLinear, calls,
                c.gateCount() - flat, c.nonLinearCount() - flatNonLinear);
        System.out.printf("build %.1f s: %.2f million main-body gates/s, %.1f million gates/s with calls expanded;"
                + " write %.1f s%n", build, flat / build / 1e6, c.gateCount() / build / 1e6, write);
        System.out.printf("peak heap (sum of pool peaks) %.1f MB, heap limit %d MB; spill files at most %.2f GB;"
                + " %s %.2f GB%n", heap.read() / 1e6, Runtime.getRuntime().maxMemory() >> 20,
                Spill.peakBytesOnDisk() / 1e9, out, Files.size(out) / 1e9);
    }

    private static String strip(String hex) {
        return hex.startsWith("0x") ? hex.substring(2) : hex;
    }
}
