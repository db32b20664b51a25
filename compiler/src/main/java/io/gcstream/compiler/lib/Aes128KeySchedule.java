package io.gcstream.compiler.lib;

/**
 * The AES-128 key schedule (FIPS-197 §5.2) in plain Java, as the creator's {@link InputEncoder}
 * of {@code aes128-expanded}: it turns the 128-bit key into the 11 round keys that
 * {@link Aes128#encryptExpanded} takes, on the key owner's machine, so the schedule costs no
 * garbled gates. Bit conventions as in {@link Aes128}: the key and each round key are 128-bit
 * integers whose big-endian bytes are the FIPS-197 bytes; round key r is in bits
 * 128r…128r+127 of the encoded input. Stateless and thread-safe.
 */
final class Aes128KeySchedule implements InputEncoder {
    /** Bits of the 11 round keys. */
    public static final int ROUND_KEY_BITS = 11 * 128;

    private static final Aes128KeySchedule INSTANCE = new Aes128KeySchedule();
    private static final int[] SBOX = sboxTable();

    private Aes128KeySchedule() {
    }

    /** The encoder: 128-bit key in, 1408 round-key bits out. */
    public static Aes128KeySchedule encoder() {
        return INSTANCE;
    }

    @Override
    public int valueWidth() {
        return 128;
    }

    @Override
    public int inputWidth() {
        return ROUND_KEY_BITS;
    }

    @Override
    public boolean[] encode(boolean[] value) {
        if (value.length != 128) {
            throw new IllegalArgumentException("an AES-128 key has 128 bits, got " + value.length);
        }
        byte[] key = new byte[16];
        for (int k = 0; k < 16; k++) {
            key[k] = (byte) byteAt(value, 8 * (15 - k));
        }
        byte[] w = expand(key);
        boolean[] out = new boolean[ROUND_KEY_BITS];
        for (int r = 0; r < 11; r++) {
            for (int k = 0; k < 16; k++) {
                int v = w[16 * r + k] & 0xff;
                int base = 128 * r + 8 * (15 - k);
                for (int j = 0; j < 8; j++) {
                    out[base + j] = ((v >> j) & 1) == 1;
                }
            }
        }
        return out;
    }

    /** The 176 bytes of the 11 round keys (FIPS-197's w[0..43], byte by byte) of a 16-byte key. */
    public static byte[] expand(byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("an AES-128 key has 16 bytes, got " + key.length);
        }
        byte[] w = new byte[176];
        System.arraycopy(key, 0, w, 0, 16);
        int rcon = 1;
        for (int i = 16; i < 176; i += 4) {
            int[] t = new int[4];
            for (int j = 0; j < 4; j++) {
                t[j] = w[i - 4 + j] & 0xff;
            }
            if (i % 16 == 0) {
                // RotWord, SubWord, Rcon.
                int t0 = t[0];
                t[0] = SBOX[t[1]] ^ rcon;
                t[1] = SBOX[t[2]];
                t[2] = SBOX[t[3]];
                t[3] = SBOX[t0];
                rcon = Aes128.xtime(rcon);
            }
            for (int j = 0; j < 4; j++) {
                w[i + j] = (byte) (w[i - 16 + j] ^ t[j]);
            }
        }
        return w;
    }

    private static int byteAt(boolean[] bits, int from) {
        int v = 0;
        for (int j = 0; j < 8; j++) {
            v |= (bits[from + j] ? 1 : 0) << j;
        }
        return v;
    }

    /** The S-box from its definition: inverse in GF(2^8) (as a^254), then the affine map. */
    private static int[] sboxTable() {
        int[] s = new int[256];
        for (int a = 0; a < 256; a++) {
            int inv = 1;
            for (int e = 0; e < 254; e++) {
                inv = gmul(inv, a);
            }
            s[a] = Aes128.affine(inv) ^ 0x63;
        }
        return s;
    }

    private static int gmul(int a, int b) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            if (((b >> i) & 1) == 1) {
                r ^= a;
            }
            a = Aes128.xtime(a);
        }
        return r;
    }

    @Override
    public String toString() {
        return "aes128-key-schedule(128 -> " + ROUND_KEY_BITS + ")";
    }
}
