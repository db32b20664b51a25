package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.internal.base.Edwards25519.Point;
import io.gcstream.ot.internal.base.Edwards25519.Scratch;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Random;
import org.bouncycastle.math.ec.rfc8032.Ed25519;
import org.junit.jupiter.api.Test;

class FixedBaseTableTest {
    private final Random rnd = new Random(8032);
    private final Scratch s = new Scratch();

    @Test
    void matchesTheReferenceForAnyPointAndScalar() {
        BigInteger[][] bases = {Ref25519.BASE, Ref25519.randomCurvePoint(rnd),
            Ref25519.mul(new BigInteger(252, rnd), Ref25519.BASE), Ref25519.IDENTITY};
        for (BigInteger[] q : bases) {
            FixedBaseTable t = new FixedBaseTable(Ref25519.point(q));
            BigInteger[] ks = {BigInteger.ZERO, BigInteger.ONE, Ref25519.L,
                BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE),
                new BigInteger(255, rnd), new BigInteger(253, rnd), new BigInteger(64, rnd)};
            for (BigInteger k : ks) {
                Point r = new Point();
                t.mul(Scalar25519.digits(Edwards25519.littleEndian(k)), r, s);
                assertTrue(Ref25519.eq(Ref25519.mul(k, q),
                        Ref25519.fromEncoding(Edwards25519.encode(r))), "k = " + k);
            }
        }
    }

    /**
     * An independent implementation: Bouncy Castle's Ed25519 public key is the compressed
     * point sG, s = the clamped first half of SHA-512(secret key) (RFC 8032 §5.1.5).
     */
    @Test
    void baseTableAgreesWithBouncyCastleEd25519() throws Exception {
        FixedBaseTable g = new FixedBaseTable(Edwards25519.base());
        for (int i = 0; i < 20; i++) {
            byte[] sk = new byte[32];
            rnd.nextBytes(sk);
            byte[] pk = new byte[32];
            Ed25519.generatePublicKey(sk, 0, pk, 0);
            byte[] h = MessageDigest.getInstance("SHA-512").digest(sk);
            byte[] k = java.util.Arrays.copyOf(h, 32);
            k[0] &= (byte) 0xf8;
            k[31] &= 0x7f;
            k[31] |= 0x40;
            Point r = new Point();
            g.mul(Scalar25519.digits(k), r, s);
            byte[] enc = Edwards25519.encode(r);
            byte[] compressed = java.util.Arrays.copyOfRange(enc, 32, 64);
            compressed[31] |= (byte) ((enc[0] & 1) << 7);
            assertArrayEquals(pk, compressed);
        }
    }
}
