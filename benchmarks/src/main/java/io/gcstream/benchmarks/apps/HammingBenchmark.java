package io.gcstream.benchmarks.apps;

import org.openjdk.jmh.annotations.Param;

/**
 * Hamming distance of two 900-bit strings per execution ({@code hamming900}, 896 ANDs).
 * Both parties in this JVM over loopback, time per execution in a warm session (see
 * {@link ApplicationBenchmark}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Hamming</pre>
 */
public class HammingBenchmark extends ApplicationBenchmark {
    @Param({"hamming900"})
    public String circuit;

    @Override
    protected String circuitName() {
        return circuit;
    }
}
