package io.gcstream.compiler.bristol;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Bristol Fashion chain of any length for memory tests and benchmarks: two 64-bit input
 * values (wires 0..127), then gate i computes wire 128 + i from the previous gate's wire (wire
 * 0 for the first) and input wire (1 + i) mod 128, an AND every third gate and an XOR
 * otherwise; the one output is the last wire. Every input is read until the last 128 gates, so
 * S = 129 (the inputs and the running value). The same file benchmarks/bristol-chain.sh writes.
 */
public final class BristolChain {
    private BristolChain() {
    }

    /** Writes the chain of {@code gates} gates to {@code file}. */
    public static void write(Path file, long gates) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            w.write(gates + " " + (128 + gates) + "\n2 64 64\n1 1\n");
            StringBuilder sb = new StringBuilder(64);
            for (long i = 0; i < gates; i++) {
                sb.setLength(0);
                sb.append("2 1 ").append(i == 0 ? 0 : 127 + i).append(' ').append((1 + i) % 128).append(' ')
                        .append(128 + i).append(i % 3 == 0 ? " AND\n" : " XOR\n");
                w.append(sb);
            }
        }
    }

    /** The output for input values {@code a} (wires 0..63, bit i on wire i) and {@code b} (64..127). */
    public static boolean expected(long gates, long a, long b) {
        boolean v = (a & 1) != 0;
        for (long i = 0; i < gates; i++) {
            int other = (int) ((1 + i) % 128);
            boolean o = other < 64 ? (a >>> other & 1) != 0 : (b >>> (other - 64) & 1) != 0;
            v = i % 3 == 0 ? v & o : v ^ o;
        }
        return v;
    }
}
