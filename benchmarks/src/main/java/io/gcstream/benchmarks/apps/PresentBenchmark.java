package io.gcstream.benchmarks.apps;

import org.openjdk.jmh.annotations.Param;

/**
 * PRESENT-80 per execution: {@code present80} (key schedule inside, 2,108 ANDs) and
 * {@code present80-expanded} (round keys expanded locally by the creator, 1,984 ANDs).
 * Both parties in this JVM over loopback, time per execution in a warm session (see
 * {@link ApplicationBenchmark}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Present</pre>
 */
public class PresentBenchmark extends ApplicationBenchmark {
    @Param({"present80", "present80-expanded"})
    public String circuit;

    @Override
    protected String circuitName() {
        return circuit;
    }
}
