package io.gcstream.ot.internal.crypto;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Which javax.crypto AES modes HotSpot runs on a pipelined multi-block stub on this machine.
 *
 * <p>Multi-block CBC decryption always is (AES-NI, several blocks in flight). ECB is only where
 * HotSpot 17 generates its AVX-512 stubs: a CPU with VAES, AVX512VL and AVX512DQ. Elsewhere
 * ECB runs one block per call, several times slower, so fixed-key AES falls back to CBC
 * decryption and undoes the chaining (see {@code TweakableHash}), and the OT extension's rows
 * run on CTR ({@link RowStreams}). On VAES machines ECB is as fast per block and saves that
 * extra pass.
 *
 * <p>The answer comes from the CPU flags of {@code /proc/cpuinfo}, read once; where they cannot
 * be read (not Linux) it is false, which is always correct, only slower. The system property
 * {@value #PROPERTY} ({@code true} or {@code false}) overrides it, for example for a JVM started
 * with {@code -XX:UseAVX=2}, which turns the AVX-512 stubs off.
 */
public final class AesIntrinsics {
    /** System property that overrides the detection: {@code true} or {@code false}. */
    public static final String PROPERTY = "gcstream.aes.ecb";

    private static final Set<String> VAES_FLAGS = Set.of("aes", "vaes", "avx512vl", "avx512dq");

    private AesIntrinsics() {
    }

    /** True if AES/ECB decryption of many blocks runs on a pipelined stub here. */
    public static boolean pipelinedEcb() {
        return Holder.PIPELINED_ECB;
    }

    /** Whether a {@code /proc/cpuinfo} flags line names every flag the ECB stubs need. */
    static boolean hasVaesFlags(String flagsLine) {
        int colon = flagsLine.indexOf(':');
        if (!flagsLine.startsWith("flags") || colon < 0) {
            return false;
        }
        Set<String> flags = Set.of(flagsLine.substring(colon + 1).trim().split("\\s+"));
        return flags.containsAll(VAES_FLAGS);
    }

    private static boolean detect() {
        String forced = System.getProperty(PROPERTY);
        if (forced != null) {
            return Boolean.parseBoolean(forced.trim());
        }
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return false;
        }
        try (BufferedReader r = Files.newBufferedReader(cpuinfo, StandardCharsets.ISO_8859_1)) {
            // The first processor's flags stand for all: HotSpot reads one CPU's features too.
            for (String line; (line = r.readLine()) != null;) {
                if (line.startsWith("flags")) {
                    return hasVaesFlags(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Unreadable: CBC is correct everywhere.
        }
        return false;
    }

    private static final class Holder {
        static final boolean PIPELINED_ECB = detect();
    }
}
