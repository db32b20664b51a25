package io.gcstream.ot;

import io.gcstream.ot.internal.crypto.Prg;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Where a party's randomness comes from: SecureRandom, or the insecure test seed. */
final class Randomness {
    private Randomness() {
    }

    /**
     * A PRG for one purpose: from SecureRandom, or (tests) from SHA-256(seed || label) so that
     * different purposes get independent streams.
     */
    static Prg prg(OtOptions o, String label) {
        byte[] seed = o.insecureTestSeed();
        if (seed == null) {
            return Prg.fromSecureRandom();
        }
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(seed);
            d.update(label.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] h = d.digest();
            return new Prg(java.util.Arrays.copyOf(h, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
