package io.gcstream.benchmarks.apps;

import org.openjdk.jmh.annotations.Param;

/**
 * 128 × 128-bit multiplication per execution, Karatsuba–Ofman ({@code karatsuba128},
 * 15,320 ANDs).
 * Both parties in this JVM over loopback, time per execution in a warm session (see
 * {@link ApplicationBenchmark}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Karatsuba</pre>
 */
public class KaratsubaBenchmark extends ApplicationBenchmark {
    @Param({"karatsuba128"})
    public String circuit;

    @Override
    protected String circuitName() {
        return circuit;
    }
}
