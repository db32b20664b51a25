package io.gcstream.compiler.lib;

import static io.gcstream.compiler.TestBits.bits;
import static io.gcstream.compiler.TestBits.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.compiler.TestBits;
import java.math.BigInteger;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Aes128KeyScheduleTest {
    /** FIPS-197 Appendix A.1: the key and round keys 1, 2 and 10 (w[4..7], w[8..11], w[40..43]). */
    private static final String KEY = "2b7e151628aed2a6abf7158809cf4f3c";
    private static final String[][] ROUND_KEYS = {
        {"1", "a0fafe1788542cb123a339392a6c7605"},
        {"2", "f2c295f27a96b9435935807a7359f67f"},
        {"10", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
    };

    @Test
    void expandsTheFipsKey() {
        byte[] w = Aes128KeySchedule.expand(HexFormat.of().parseHex(KEY));
        assertEquals(KEY, HexFormat.of().formatHex(w, 0, 16));
        for (String[] rk : ROUND_KEYS) {
            int r = Integer.parseInt(rk[0]);
            assertEquals(rk[1], HexFormat.of().formatHex(w, 16 * r, 16 * r + 16), "round key " + r);
        }
    }

    @Test
    void encodesRoundKeysAsIntegersLikeTheKey() {
        boolean[] in = Aes128KeySchedule.encoder().encode(bits(TestBits.hex(KEY), 128));
        assertEquals(1408, in.length);
        assertEquals(TestBits.hex(KEY), value(in, 0, 128));
        for (String[] rk : ROUND_KEYS) {
            int r = Integer.parseInt(rk[0]);
            assertEquals(new BigInteger(rk[1], 16), value(in, 128 * r, 128), "round key " + r);
        }
    }

    @Test
    void rejectsWrongWidths() {
        assertThrows(IllegalArgumentException.class, () -> Aes128KeySchedule.encoder().encode(new boolean[127]));
        assertThrows(IllegalArgumentException.class, () -> Aes128KeySchedule.expand(new byte[15]));
    }
}
