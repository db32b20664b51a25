package io.gcstream.compiler.lib;

/**
 * The PRESENT-80 key schedule in plain Java, as the creator's {@link InputEncoder} of
 * {@code present80-expanded}: it turns the 80-bit key into the 32 round keys that
 * {@link Present80#encryptExpanded} takes, on the key owner's machine, so the schedule costs no
 * garbled gates. Bit conventions as in {@link Present80}: bit j of the key is k_j; round key
 * Ki (i = 1…32) is k79…k16 of the key register after i − 1 updates, bit 0 = k16, in bits
 * 64(i−1)…64i−1 of the encoded input. Stateless and thread-safe.
 */
final class Present80KeySchedule implements InputEncoder {
    /** Bits of the 32 round keys. */
    public static final int ROUND_KEY_BITS = 32 * 64;

    private static final Present80KeySchedule INSTANCE = new Present80KeySchedule();

    private Present80KeySchedule() {
    }

    /** The encoder: 80-bit key in, 2048 round-key bits out. */
    public static Present80KeySchedule encoder() {
        return INSTANCE;
    }

    @Override
    public int valueWidth() {
        return 80;
    }

    @Override
    public int inputWidth() {
        return ROUND_KEY_BITS;
    }

    @Override
    public boolean[] encode(boolean[] value) {
        if (value.length != 80) {
            throw new IllegalArgumentException("a PRESENT-80 key has 80 bits, got " + value.length);
        }
        boolean[] k = value.clone();
        boolean[] out = new boolean[ROUND_KEY_BITS];
        for (int i = 1; i <= 32; i++) {
            System.arraycopy(k, 16, out, 64 * (i - 1), 64);
            if (i < 32) {
                k = update(k, i);
            }
        }
        return out;
    }

    /** The register after round {@code i}'s update: rotate left by 61, S-box on k79…k76, i into k19…k15. */
    private static boolean[] update(boolean[] k, int i) {
        boolean[] r = new boolean[80];
        for (int j = 0; j < 80; j++) {
            r[(j + 61) % 80] = k[j];
        }
        int top = 0;
        for (int j = 0; j < 4; j++) {
            top |= (r[76 + j] ? 1 : 0) << j;
        }
        int s = Present80.SBOX[top];
        for (int j = 0; j < 4; j++) {
            r[76 + j] = ((s >> j) & 1) == 1;
        }
        for (int j = 0; j < 5; j++) {
            r[15 + j] ^= ((i >> j) & 1) == 1;
        }
        return r;
    }

    @Override
    public String toString() {
        return "present80-key-schedule(80 -> " + ROUND_KEY_BITS + ")";
    }
}
