package io.gcstream.benchmarks.apps;

import org.openjdk.jmh.annotations.Param;

/**
 * AES-128 per execution: {@code aes128} (key schedule inside, 6,400 ANDs) and
 * {@code aes128-expanded} (round keys expanded locally by the creator, 5,120 ANDs).
 * Both parties in this JVM over loopback, time per execution in a warm session (see
 * {@link ApplicationBenchmark}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Aes</pre>
 */
public class AesBenchmark extends ApplicationBenchmark {
    @Param({"aes128", "aes128-expanded"})
    public String circuit;

    @Override
    protected String circuitName() {
        return circuit;
    }
}
