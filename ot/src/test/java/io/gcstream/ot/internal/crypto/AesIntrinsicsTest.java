package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AesIntrinsicsTest {
    @Test
    void aVaesAvx512CpuHasThePipelinedEcbStubs() {
        assertTrue(AesIntrinsics.hasVaesFlags("flags\t\t: fpu vme sse2 aes avx2 avx512f avx512dq"
                + " avx512cd avx512bw avx512vl vaes vpclmulqdq"));
    }

    @Test
    void withoutVaesOrAvx512ItHasNot() {
        // AES-NI and AVX2 only (e.g. Zen 2, Haswell): ECB runs block by block there.
        assertFalse(AesIntrinsics.hasVaesFlags("flags : fpu sse2 aes avx2 pclmulqdq"));
        // AVX-512 without VAES (Skylake-SP).
        assertFalse(AesIntrinsics.hasVaesFlags("flags : aes avx512f avx512dq avx512vl"));
        // VAES without AVX512VL (Alder Lake: VAES on 256 bits only).
        assertFalse(AesIntrinsics.hasVaesFlags("flags : aes avx2 vaes vpclmulqdq"));
        // A flag must match whole: "avx512vl" inside another word does not count.
        assertFalse(AesIntrinsics.hasVaesFlags("flags : aes vaes avx512dq xavx512vl"));
    }

    @Test
    void onlyAFlagsLineCounts() {
        assertFalse(AesIntrinsics.hasVaesFlags("bugs : aes vaes avx512vl avx512dq"));
        assertFalse(AesIntrinsics.hasVaesFlags("flags without a colon aes vaes avx512vl avx512dq"));
    }
}
