package io.gcstream.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OtOptionsTest {
    @Test
    void defaultsAndSettings() {
        OtOptions d = OtOptions.defaults();
        assertEquals(1, d.threads());
        assertEquals(OtOptions.DEFAULT_BLOCK_SIZE, d.blockSize());
        assertTrue(d.insecureTestSeed().isEmpty());
        OtOptions o = OtOptions.builder().threads(3).blockSize(256).insecureTestSeed(7).build();
        assertEquals(3, o.threads());
        assertEquals(256, o.blockSize());
        assertEquals(7, o.insecureTestSeed().getAsLong());
        assertEquals("OtOptions{threads=3, blockSize=256, INSECURE test seed}", o.toString());
        assertThrows(IllegalArgumentException.class, () -> OtOptions.builder().threads(0));
        assertThrows(IllegalArgumentException.class, () -> OtOptions.builder().threads(65));
        assertThrows(IllegalArgumentException.class, () -> OtOptions.builder().blockSize(100));
    }
}
