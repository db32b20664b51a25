package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.PatternBody;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streams 10^8 gates through the writer and, in a child JVM limited to 64 MiB of heap,
 * through the reader: memory must not grow with the file. Prints the throughput measured
 * (informative only; nothing asserts on time).
 */
@Tag("slow")
class HugeStreamTest {
    static final int SLOTS = 4096;

    @TempDir
    Path dir;

    @Test
    void hundredMillionGatesStreamInSmallHeap() throws Exception {
        long n = 100_000_000L;
        Path f = dir.resolve("huge.gcb");
        long t0 = System.nanoTime();
        GcbWriter.write(PatternBody.circuit(n, SLOTS), f);
        long tw = System.nanoTime() - t0;
        System.out.printf("wrote %d gates, %d bytes (%.2f bytes/gate) in %.1f s%n", n, Files.size(f),
                Files.size(f) / (double) n, tw / 1e9);
        long expected = PatternBody.expectedChecksum(n, SLOTS);

        String cp = location(GcbReader.class) + File.pathSeparator + location(StreamCheckMain.class);
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx64m", "-cp", cp,
                StreamCheckMain.class.getName(), f.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, p.waitFor(), out);
        String[] parts = out.split(" ");
        assertEquals(List.of(Long.toString(n), Long.toString(n), Long.toString(expected)),
                List.of(parts[0], parts[1], parts[2]), out);
        double secs = Long.parseLong(parts[3]) / 1e9;
        System.out.printf("child JVM -Xmx64m read %d gates in %.1f s: %.1f million gates/s%n", n, secs,
                n / secs / 1e6);
        Files.delete(f);
    }

    @Test
    void readerThroughputOnTenMillionGates() throws IOException {
        long n = 10_000_000L;
        Path f = dir.resolve("ten.gcb");
        GcbWriter.write(PatternBody.circuit(n, SLOTS), f);
        Circuit c = GcbReader.open(f);
        for (int pass = 1; pass <= 3; pass++) {
            long t0 = System.nanoTime();
            long h = 0;
            try (InstructionReader r = Circuits.openBody(c)) {
                while (r.next()) {
                    h += r.out() ^ r.in1() ^ r.in2() ^ r.table();
                }
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            // Pass 1 checks every instruction; later passes only slot ranges. All check the hash.
            System.out.printf("read 10^7 gates (pass %d): %.1f million gates/s (%d)%n", pass, n / secs / 1e6, h);
        }
    }

    private static String location(Class<?> c) throws Exception {
        return Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
