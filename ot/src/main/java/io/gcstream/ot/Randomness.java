package io.gcstream.ot;

import io.gcstream.ot.internal.crypto.Prg;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.OptionalLong;

/** Where a party's randomness comes from: SecureRandom, or the insecure test seed. */
final class Randomness {
    private Randomness() {
    }

    /** The label of the sender's PRG; every other label is the receiver's. */
    static final String SENDER = "ot-extension-sender";

    /**
     * A PRG for one purpose: from SecureRandom, or (tests) from SHA-256(k || label), where k is
     * 16 bytes of the PRG seeded with the block (seed, 0x4f5443 for the sender, 0x4f5445 for the
     * receiver), so that the two roles and different purposes get independent streams.
     */
    static Prg prg(OtOptions o, String label) {
        OptionalLong seed = o.insecureTestSeed();
        if (seed.isEmpty()) {
            return Prg.fromSecureRandom();
        }
        byte[] k = new byte[16];
        new Prg(seed.getAsLong(), SENDER.equals(label) ? 0x4f54_43L : 0x4f54_45L).nextBytes(k, 0, 16);
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(k);
            d.update(label.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] h = d.digest();
            return new Prg(java.util.Arrays.copyOf(h, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
