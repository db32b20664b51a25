package io.gcstream.benchmarks.apps;

import org.openjdk.jmh.annotations.Param;

/**
 * Minimum of N = 1000 values of b = 20 bits, 500 from each party, per execution
 * ({@code minimum1000x20}, 39,960 ANDs, 10,000 evaluator input bits by OT).
 * Both parties in this JVM over loopback, time per execution in a warm session (see
 * {@link ApplicationBenchmark}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Minimum</pre>
 */
public class MinimumBenchmark extends ApplicationBenchmark {
    @Param({"minimum1000x20"})
    public String circuit;

    @Override
    protected String circuitName() {
        return circuit;
    }
}
