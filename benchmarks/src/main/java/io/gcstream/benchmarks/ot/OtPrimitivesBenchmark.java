package io.gcstream.benchmarks.ot;

import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.crypto.FixedKeyAes;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.internal.ext.BitMatrix;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Per-block cost of the OT layer's primitives, batches of 1024 blocks: raw javax AES in ECB
 * encryption vs CBC decryption (the choice behind {@link FixedKeyAes}), the permutation and
 * hashes on long[] blocks, the CTR PRG, and the 128 x 1024 bit-matrix transpose (per OT).
 * Scores are nanoseconds per block (per OT for the transpose).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class OtPrimitivesBenchmark {
    static final int B = 1024;

    private Cipher ecbEncrypt;
    private Cipher cbcDecrypt;
    private final byte[] inBytes = new byte[16 * B];
    private final byte[] outBytes = new byte[16 * B];
    private final long[] blocks = new long[2 * B];
    private final long[] out = new long[2 * B];
    private final byte[] rows = new byte[8 * 128 * (B / 64 + 8)];
    private final long[] tmp = BitMatrix.scratch(B / 64);
    private final FixedKeyAes pi = new FixedKeyAes();
    private final CrHash hash = new CrHash();
    private final Prg prg = Prg.fromSecureRandom();

    @Setup
    public void setup() throws Exception {
        SecretKeySpec k = new SecretKeySpec(FixedKeyAes.key(), "AES");
        ecbEncrypt = Cipher.getInstance("AES/ECB/NoPadding");
        ecbEncrypt.init(Cipher.ENCRYPT_MODE, k);
        cbcDecrypt = Cipher.getInstance("AES/CBC/NoPadding");
        cbcDecrypt.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(new byte[16]));
        prg.nextLongs(blocks, 0, blocks.length);
        prg.nextBytes(rows, 0, rows.length);
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public byte[] javaxEcbEncrypt() throws Exception {
        ecbEncrypt.doFinal(inBytes, 0, inBytes.length, outBytes, 0);
        return outBytes;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public byte[] javaxCbcDecrypt() throws Exception {
        cbcDecrypt.doFinal(inBytes, 0, inBytes.length, outBytes, 0);
        return outBytes;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public long[] fixedKeyPermute() {
        pi.permute(blocks, 0, out, 0, B);
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public long[] ccrHash() {
        hash.ccr(blocks, 0, out, 0, B);
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public long[] tccrHash() {
        hash.tccr(blocks, 0, 7L, out, 0, B);
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public long[] prgBlocks() {
        prg.nextBlocks(out, 0, B);
        return out;
    }

    @Benchmark
    @OperationsPerInvocation(B)
    public long[] transpose128PerOt() {
        BitMatrix.transpose128(rows, B / 64, B / 64 + 8, out, 0, tmp);
        return out;
    }
}
