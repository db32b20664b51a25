package io.gcstream.engine.garble;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A fixed public random permutation π of 128-bit blocks: AES-128 <em>decryption</em> under a
 * fixed, public key, computed in batches.
 *
 * <p>Why decryption: HotSpot runs multi-block CBC decryption on a pipelined AES-NI stub
 * (~2.3 ns/block on our machines) but ECB on a non-pipelined one (~10 ns/block). CBC
 * decryption computes P_i = D(C_i) ⊕ C_{i-1} (C_{-1} = IV = 0), so D(C_i) is recovered by
 * XORing C_{i-1} back on 64-bit lanes. AES decryption under a known key is as good a fixed
 * permutation as encryption.
 *
 * <p>Not thread-safe (it owns a Cipher and byte buffers); one instance per thread.
 */
public final class FixedKeyPermutation {
    /** The fixed public key: the first 16 bytes of the SHA-256 of "gcstream fixed-key AES". */
    private static final byte[] KEY = {
        (byte) 0x61, (byte) 0x9b, (byte) 0x0e, (byte) 0x54, (byte) 0x2c, (byte) 0xd1, (byte) 0x77, (byte) 0x3a,
        (byte) 0xf0, (byte) 0x48, (byte) 0x95, (byte) 0x1e, (byte) 0xbb, (byte) 0x06, (byte) 0xc3, (byte) 0x8d,
    };
    private static final VarHandle LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Cipher cipher;
    private byte[] inBytes = new byte[16 * 64];
    private byte[] outBytes = new byte[16 * 64];

    public FixedKeyPermutation() {
        try {
            cipher = Cipher.getInstance("AES/CBC/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(KEY, "AES"),
                    new IvParameterSpec(new byte[16]));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/CBC/NoPadding is not available", e);
        }
    }

    /**
     * out[outOff+i] = π(in[inOff+i]) for {@code n} blocks (offsets in blocks). {@code in} and
     * {@code out} may be the same array at the same offset.
     */
    public void permute(long[] in, int inOff, long[] out, int outOff, int n) {
        if (n == 0) {
            return;
        }
        int bytes = 16 * n;
        if (inBytes.length < bytes) {
            inBytes = new byte[bytes];
            outBytes = new byte[bytes];
        }
        byte[] ib = inBytes;
        byte[] ob = outBytes;
        int i2 = 2 * inOff;
        for (int i = 0; i < 2 * n; i++) {
            LE.set(ib, 8 * i, in[i2 + i]);
        }
        try {
            int done = cipher.doFinal(ib, 0, bytes, ob, 0);
            if (done != bytes) {
                throw new IllegalStateException("AES returned " + done + " of " + bytes + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
        int o2 = 2 * outOff;
        // Undo the CBC chaining: D(C_i) = P_i xor C_{i-1}, C_{-1} = 0. Read the chaining value
        // from the byte copy of the input, since out may alias in.
        out[o2] = (long) LE.get(ob, 0);
        out[o2 + 1] = (long) LE.get(ob, 8);
        for (int i = 2; i < 2 * n; i++) {
            out[o2 + i] = (long) LE.get(ob, 8 * i) ^ (long) LE.get(ib, 8 * (i - 2));
        }
    }
}
