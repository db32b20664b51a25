package io.gcstream.compiler.bristol;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.compiler.TestBits;
import java.nio.file.Path;

/**
 * Imports a {@link BristolChain} file ({@code args[0]}, {@code args[1]} gates), simulates it on
 * a few inputs against the plain chain and prints the counts and "ok". Run in a child JVM with a
 * small heap by {@link BristolImporterHeapTest} and benchmarks/bristol-chain.sh.
 */
public final class BristolChainMain {
    private BristolChainMain() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long gates = Long.parseLong(args[1]);
        long t0 = System.nanoTime();
        Circuit c = BristolImporter.readFashion(file, BristolOptions.defaults());
        long t1 = System.nanoTime();
        long[][] inputs = {{0x0123456789abcdefL, 0xfedcba9876543210L}, {-1L, -1L}, {0x5555aaaa5555aaaaL, 0x33cc33cc33cc33ccL}};
        for (long[] in : inputs) {
            boolean[] out = Simulator.run(c, TestBits.bits(in[0], 64),
                    TestBits.bits(in[1], 64)).evaluatorOutputs();
            if (out[0] != BristolChain.expected(gates, in[0], in[1])) {
                System.out.println("wrong output for " + Long.toHexString(in[0]) + ", " + Long.toHexString(in[1]));
                System.exit(1);
            }
        }
        Runtime rt = Runtime.getRuntime();
        System.out.printf("%d gates (%d non-linear), S = %d, imported in %.1f s, spill files at most %.1f MB,"
                + " heap limit %d MiB, ok%n", c.gateCount(), c.nonLinearCount(), c.numSlots(), (t1 - t0) / 1e9,
                io.gcstream.compiler.internal.Spill.peakBytesOnDisk() / 1e6, rt.maxMemory() >> 20);
    }
}
