package com.example.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PrivateAesTest {
    @Test
    void theEvaluatorLearnsTheFips197Ciphertext() throws Exception {
        assertEquals("3925841d02dc09fbdc118597196a0b32", PrivateAes.encrypt(2));
    }
}
