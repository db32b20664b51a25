package io.gcstream.benchmarks;

import io.gcstream.benchmarks.report.Args;
import io.gcstream.benchmarks.report.HeapPeak;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Spill;
import io.gcstream.compiler.lib.Aes128;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * A program of a billion non-linear gates written as a user would, with the plain builder: the
 * XOR of AES-128 under the creator's key over N counter blocks (the evaluator's nonce XOR the
 * block number), a checksum of an AES-CTR keystream. A loop over the blocks; each block is the
 * library's {@link Aes128#encrypt} (key schedule included, as a user reusing it would write),
 * which puts its XOR layers flat into the main body and calls one sub-circuit per round for the
 * S-boxes (20 of them, 640 ANDs) and one per column for MixColumns. N = 156,250 gives 10^9
 * ANDs.
 *
 * <pre>
 * java -Xmx64m -cp benchmarks.jar io.gcstream.benchmarks.BigProgram [--blocks N] -o big.gcb
 * java -cp benchmarks.jar io.gcstream.benchmarks.BigProgram --blocks N --expect KEY NONCE
 * </pre>
 *
 * The first builds the circuit and writes it, printing the counts (main body vs calls), the
 * build and write times and rates, the peak heap and the most disk the compiler's spill files
 * took; the second prints the expected output for hex inputs, computed with the JDK's AES.
 */
public final class BigProgram {
    private BigProgram() {
    }

    /** The circuit of {@code blocks} blocks. */
    public static Circuit build(long blocks) {
        CircuitBuilder b = new CircuitBuilder();
        Aes128 aes = new Aes128(b);
        Word key = b.creatorInput(128);
        Word nonce = b.evaluatorInput(128);
        Word sum = b.constant(0, 128);
        for (long i = 0; i < blocks; i++) {
            Word counter = b.xor(nonce, b.constant(i, 128));
            sum = b.xor(sum, aes.encrypt(key, counter));
        }
        b.evaluatorOutput(sum);
        return b.build();
    }

    /** The circuit's output for key and nonce (128-bit integers, FIPS byte 0 most significant). */
    public static BigInteger expected(BigInteger key, BigInteger nonce, long blocks) throws Exception {
        Cipher aes = Cipher.getInstance("AES/ECB/NoPadding");
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(bytes16(key), "AES"));
        BigInteger sum = BigInteger.ZERO;
        for (long i = 0; i < blocks; i++) {
            sum = sum.xor(new BigInteger(1, aes.doFinal(bytes16(nonce.xor(BigInteger.valueOf(i))))));
        }
        return sum;
    }

    private static byte[] bytes16(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[16];
        int n = Math.min(16, raw.length);
        System.arraycopy(raw, raw.length - n, out, 16 - n, n);
        return out;
    }

    public static void main(String[] argv) throws Exception {
        Args a = new Args(argv, Set.of("--blocks", "-o"), Set.of("--expect"));
        long blocks = Args.count("--blocks", a.value("--blocks", "156250"));
        if (a.has("--expect")) {
            BigInteger key = new BigInteger(strip(a.positional().get(0)), 16);
            BigInteger nonce = new BigInteger(strip(a.positional().get(1)), 16);
            System.out.println("0x" + expected(key, nonce, blocks).toString(16));
            return;
        }
        Path out = Path.of(a.value("-o", "big.gcb"));
        HeapPeak heap = new HeapPeak();
        heap.reset();
        Spill.resetPeak();
        long t0 = System.nanoTime();
        Circuit c = build(blocks);
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
        System.out.printf("blocks %d: %,d gates (%,d non-linear), S = %d, label slots %d%n", blocks,
                c.gateCount(), c.nonLinearCount(), c.numSlots(), c.labelSlots());
        System.out.printf("main body: %,d instructions: %,d gates flat (%,d non-linear), %,d calls"
                + " (%,d gates inside calls)%n", c.instructionCount(), flat, flatNonLinear, calls,
                c.gateCount() - flat);
        System.out.printf("build %.1f s (%.2f million main-body instructions/s, %.1f million gates/s);"
                + " write %.1f s%n", build, c.instructionCount() / build / 1e6, c.gateCount() / build / 1e6, write);
        System.out.printf("peak heap (sum of pool peaks) %.1f MB, heap limit %d MB; spill files at most %.2f GB;"
                + " %s %.2f GB%n", heap.read() / 1e6, Runtime.getRuntime().maxMemory() >> 20,
                Spill.peakBytesOnDisk() / 1e9, out, Files.size(out) / 1e9);
    }

    private static String strip(String hex) {
        return hex.startsWith("0x") ? hex.substring(2) : hex;
    }
}
