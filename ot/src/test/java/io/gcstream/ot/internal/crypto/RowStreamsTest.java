package io.gcstream.ot.internal.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RowStreamsTest {
    /**
     * Every stream, read at any block position and length, is that part of its seed's Prg
     * stream, by AES-ECB of counter blocks and by AES-CTR over zeros alike, in any order of reads.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void eachStreamIsItsSeedsPrgStreamAtAnyPosition(boolean ecb) {
        Random rnd = new Random(3);
        long[] seeds = new long[2 * 5];
        for (int i = 0; i < seeds.length; i++) {
            seeds[i] = rnd.nextLong();
        }
        RowStreams s = RowStreams.plain(seeds, ecb);
        int total = 16 * 700;
        for (int j = 0; j < s.count(); j++) {
            byte[] want = new byte[total];
            new Prg(seeds[2 * j], seeds[2 * j + 1], 16).nextBytes(want, 0, total);
            for (int[] at : new int[][] {{0, 16}, {0, total}, {1, 32}, {3, 48}, {37, 16 * 300}, {699, 16}, {200, 16 * 128}}) {
                byte[] got = new byte[16 * at[1] / 16 + 8];
                s.read(j, at[0], got, 8, at[1]);
                assertArrayEquals(Arrays.copyOfRange(want, 16 * at[0], 16 * at[0] + at[1]),
                        Arrays.copyOfRange(got, 8, 8 + at[1]), "stream " + j + " at block " + at[0] + ", " + at[1] + " bytes");
            }
        }
    }

    /** Streams read in turn at the same position, or going on where they ended, come out right. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void streamsReadInTurnAtOnePositionAgree(boolean ecb) {
        long[] seeds = {1, 2, 3, 4};
        RowStreams s = RowStreams.plain(seeds, ecb);
        byte[] a = new byte[96];
        byte[] b = new byte[64];
        s.read(0, 5, a, 0, 64);
        s.read(1, 5, b, 0, 64);
        s.read(0, 9, a, 64, 32);
        byte[] wantA = new byte[16 * 11];
        byte[] wantB = new byte[16 * 9];
        new Prg(1, 2, 16).nextBytes(wantA, 0, wantA.length);
        new Prg(3, 4, 16).nextBytes(wantB, 0, wantB.length);
        assertArrayEquals(Arrays.copyOfRange(wantA, 80, 176), a);
        assertArrayEquals(Arrays.copyOfRange(wantB, 80, 144), b);
    }

    /** An xoring stream XORs the same bytes into the caller's, at any position, in place too. */
    @Test
    void anXoringStreamXorsItsSeedsPrgStreamAtAnyPosition() {
        long[] seeds = {7, 8, 9, 10};
        RowStreams s = RowStreams.xoring(seeds);
        byte[] want = new byte[16 * 400];
        new Prg(9, 10, 16).nextBytes(want, 0, want.length);
        Random rnd = new Random(4);
        for (int[] at : new int[][] {{0, 16}, {3, 48}, {150, 16 * 250}, {399, 16}}) {
            byte[] in = new byte[at[1]];
            rnd.nextBytes(in);
            byte[] out = new byte[at[1]];
            s.xorRead(1, at[0], in, 0, out, 0, at[1]);
            byte[] inPlace = in.clone();
            s.xorRead(1, at[0], inPlace, 0, inPlace, 0, at[1]);
            for (int i = 0; i < at[1]; i++) {
                byte w = (byte) (in[i] ^ want[16 * at[0] + i]);
                if (out[i] != w || inPlace[i] != w) {
                    throw new AssertionError("block " + at[0] + ", byte " + i);
                }
            }
        }
        // Reads that go on where the last ended (no restart) and one that goes back.
        byte[] zeros = new byte[64];
        byte[] run = new byte[64];
        s.xorRead(0, 10, zeros, 0, run, 0, 32);
        s.xorRead(0, 12, zeros, 0, run, 32, 32);
        byte[] back = new byte[64];
        s.xorRead(0, 10, zeros, 0, back, 0, 64);
        byte[] want0 = new byte[16 * 14];
        new Prg(7, 8, 16).nextBytes(want0, 0, want0.length);
        assertArrayEquals(Arrays.copyOfRange(want0, 160, 224), run);
        assertArrayEquals(run, back);
        assertThrows(IllegalStateException.class, () -> s.read(0, 0, new byte[16], 0, 16));
        assertThrows(IllegalStateException.class, () -> RowStreams.plain(seeds).xorRead(0, 0, new byte[16], 0, new byte[16], 0, 16));
    }

    @Test
    void partialBlocksAndOddSeedsAreRefused() {
        RowStreams s = RowStreams.plain(new long[] {1, 2});
        assertThrows(IllegalArgumentException.class, () -> s.read(0, 0, new byte[32], 0, 24));
        assertThrows(IllegalArgumentException.class, () -> s.read(0, -1, new byte[32], 0, 16));
        assertThrows(IllegalArgumentException.class, () -> RowStreams.plain(new long[] {1, 2, 3}));
    }
}
