package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NaorPinkasTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void receiverGetsExactlyTheChosenMessages(int threads) throws Exception {
        int n = 128;
        Random rnd = new Random(threads);
        long[] m0 = Blocks.allocate(n);
        long[] m1 = Blocks.allocate(n);
        Blocks.randomFill(rnd, m0, 0, n);
        Blocks.randomFill(rnd, m1, 0, n);
        long[] choices = {rnd.nextLong(), rnd.nextLong()};
        MemoryChannel[] p = MemoryChannel.pair();
        CompletableFuture<Void> s = CompletableFuture.runAsync(() -> {
            try {
                new NaorPinkas(threads, Prg.fromSecureRandom()).send(p[0], m0, m1, n);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        long[] out = Blocks.allocate(n);
        new NaorPinkas(threads, Prg.fromSecureRandom()).receive(p[1], choices, n, out);
        s.get(60, TimeUnit.SECONDS);
        for (int i = 0; i < n; i++) {
            long[] want = Blocks.bit(choices, i) ? m1 : m0;
            long[] other = Blocks.bit(choices, i) ? m0 : m1;
            assertTrue(Blocks.equals(want, i, out, i, 1), "OT " + i);
            assertTrue(!Blocks.equals(other, i, out, i, 1), "OT " + i + " leaked the other message");
        }
        // 2 uncompressed points, 128 points back, 128 pairs of blocks
        assertEquals(2 * 65 + 128 * 32, p[0].bytesSent());
        assertEquals(128 * 65, p[1].bytesSent());
    }

    @Test
    void invalidPointFromPeerIsAClearError() throws Exception {
        MemoryChannel[] p = MemoryChannel.pair();
        CompletableFuture<Void> bad = CompletableFuture.runAsync(() -> {
            try {
                byte[] junk = new byte[130];
                junk[0] = 4;
                java.util.Arrays.fill(junk, 1, 65, (byte) 0x11);
                p[0].write(junk, 0, junk.length);
                p[0].flush();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        bad.get(10, TimeUnit.SECONDS);
        IOException e = assertThrows(IOException.class, () -> new NaorPinkas(1,
                Prg.fromSecureRandom()).receive(p[1], new long[2], 128, Blocks.allocate(128)));
        assertTrue(e.getMessage().contains("invalid curve point for C"), e.getMessage());
    }

    static void unwrap(CompletableFuture<?> f) throws Exception {
        try {
            f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }

    @Test
    void curveIsStandardP256() throws Exception {
        org.bouncycastle.asn1.x9.X9ECParameters std =
                org.bouncycastle.crypto.ec.CustomNamedCurves.getByName("secp256r1");
        java.lang.reflect.Field g = NaorPinkas.class.getDeclaredField("G");
        g.setAccessible(true);
        org.bouncycastle.math.ec.ECPoint mine = (org.bouncycastle.math.ec.ECPoint) g.get(null);
        assertTrue(java.util.Arrays.equals(std.getG().getEncoded(true), mine.getEncoded(true)));
        assertEquals(std.getN(), mine.getCurve().getOrder());
        assertTrue(std.getCurve().equals(mine.getCurve()));
    }
}
