package io.gcstream.ot.internal.base;

import io.gcstream.ot.channel.ChannelOptions;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.internal.channel.TranscriptChannel;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChouOrlandiTest {
    /** Outputs of one run: the sender's two strings per OT, the receiver's one. */
    private static final class Run {
        long[] out0;
        long[] out1;
        long[] out;
        Channel[] ch;
        TranscriptChannel[] t;
    }

    private static Run run(int threads, long[] choices, int n, Prg sRand, Prg rRand)
            throws Exception {
        Run r = new Run();
        r.out0 = Blocks.allocate(n);
        r.out1 = Blocks.allocate(n);
        r.out = Blocks.allocate(n);
        r.ch = MemoryChannel.pair(ChannelOptions.defaults());
        r.t = new TranscriptChannel[] {new TranscriptChannel(r.ch[0]),
            new TranscriptChannel(r.ch[1])};
        CompletableFuture<Void> s = CompletableFuture.runAsync(() -> {
            try {
                new ChouOrlandi(threads, sRand).sendRandom(r.t[0], n, r.out0, r.out1);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        new ChouOrlandi(threads, rRand).receiveRandom(r.t[1], choices, n, r.out);
        s.get(60, TimeUnit.SECONDS);
        return r;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void receiverGetsExactlyTheChosenStrings(int threads) throws Exception {
        int n = 128;
        Random rnd = new Random(threads);
        long[] choices = {rnd.nextLong(), rnd.nextLong()};
        Run r = run(threads, choices, n, Prg.fromSecureRandom(), Prg.fromSecureRandom());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            boolean c = Blocks.bit(choices, i);
            assertTrue(Blocks.equals(c ? r.out1 : r.out0, i, r.out, i, 1), "OT " + i);
            assertFalse(Blocks.equals(c ? r.out0 : r.out1, i, r.out, i, 1), "OT " + i);
            assertTrue(seen.add(Blocks.hex(r.out0, i)) && seen.add(Blocks.hex(r.out1, i)));
        }
        // A and 16 messages of 64 bytes per group of four OTs; one point per group back
        assertEquals(64 + 32 * 16 * 64, r.ch[0].bytesSent());
        assertEquals(32 * 64, r.ch[1].bytesSent());
    }

    @Test
    void allZeroAllOneAndManyRandomChoiceStrings() throws Exception {
        Random rnd = new Random(99);
        for (int round = 0; round < 8; round++) {
            int n = round == 0 ? 0 : 1 + rnd.nextInt(200);
            long[] choices = new long[(n + 63) / 64 + 1];
            for (int w = 0; w < choices.length; w++) {
                choices[w] = round == 1 ? 0 : round == 2 ? -1L : rnd.nextLong();
            }
            Run r = run(2, choices, n, Prg.fromSecureRandom(), Prg.fromSecureRandom());
            for (int i = 0; i < n; i++) {
                long[] want = Blocks.bit(choices, i) ? r.out1 : r.out0;
                assertTrue(Blocks.equals(want, i, r.out, i, 1), "n=" + n + " OT " + i);
            }
        }
    }

    @Test
    void sameSeedsGiveTheSameTranscriptAndOutputsWhateverTheThreadCount() throws Exception {
        long[] choices = {0x0123456789abcdefL, 0xfedcba9876543210L};
        Run a = run(1, choices, 128, new Prg(new byte[16]), new Prg(Blocks.toBytes(1, 2)));
        Run b = run(3, choices, 128, new Prg(new byte[16]), new Prg(Blocks.toBytes(1, 2)));
        assertArrayEquals(a.out0, b.out0);
        assertArrayEquals(a.out1, b.out1);
        assertArrayEquals(a.out, b.out);
        assertEquals(a.t[0].sentHash(), b.t[0].sentHash());
        assertEquals(a.t[1].sentHash(), b.t[1].sentHash());
        // another receiver seed: other points, the same sender outputs (drawn from its own PRG)
        Run c = run(2, choices, 128, new Prg(new byte[16]), new Prg(Blocks.toBytes(1, 3)));
        assertArrayEquals(a.out0, c.out0);
        assertFalse(a.t[1].sentHash().equals(c.t[1].sentHash()));
        Run d = run(2, choices, 128, new Prg(Blocks.toBytes(0, 1)), new Prg(Blocks.toBytes(1, 2)));
        assertFalse(Blocks.equals(a.out0, 0, d.out0, 0, 1));
        assertFalse(a.t[0].sentHash().equals(d.t[0].sentHash()));
    }

    /**
     * The steps as a caller that sends the key ahead of need uses them: the key first, the
     * receiver's secrets prepared for more OTs than it then takes, its points and the answer
     * later. The receiver gets exactly its chosen strings, and the bytes are the documented ones.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 4, 5, 127, 128})
    void stepsWithTheKeyAheadAndSecretsPreparedForMore(int n) throws Exception {
        Random rnd = new Random(n);
        long[] choices = {rnd.nextLong(), rnd.nextLong()};
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        ChouOrlandi.Sender s = new ChouOrlandi(2, Prg.fromSecureRandom()).sender();
        ChouOrlandi.Receiver r = new ChouOrlandi(2, Prg.fromSecureRandom()).receiver();
        r.prepare(128);
        s.writeKey(ch[0]);
        ch[0].flush();
        s.precompute();
        r.readKey(ch[1]);
        assertEquals(64, ch[0].bytesSent());
        r.choose(choices, n);
        r.writeChoices(ch[1]);
        ch[1].flush();
        assertEquals(ChouOrlandi.choiceBytes(n), ch[1].bytesSent());
        assertEquals((n + 3) / 4 * 64, ChouOrlandi.choiceBytes(n));
        long[] out0 = Blocks.allocate(n);
        long[] out1 = Blocks.allocate(n);
        long[] out = Blocks.allocate(n);
        CompletableFuture<Void> send = CompletableFuture.runAsync(() -> {
            try {
                s.send(ch[0], n, out0, out1);
                ch[0].flush();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        r.derivePads();
        r.readOutputs(ch[1], out);
        send.get(60, TimeUnit.SECONDS);
        for (int i = 0; i < n; i++) {
            boolean c = Blocks.bit(choices, i);
            assertTrue(Blocks.equals(c ? out1 : out0, i, out, i, 1), "OT " + i);
            assertFalse(Blocks.equals(c ? out0 : out1, i, out, i, 1), "OT " + i);
        }
    }

    @Test
    void stepsOutOfOrderAreRefused() throws Exception {
        ChouOrlandi.Receiver r = new ChouOrlandi(1, Prg.fromSecureRandom()).receiver();
        r.prepare(8);
        assertThrows(IllegalStateException.class, () -> r.prepare(8));
        assertThrows(IllegalArgumentException.class, () -> r.choose(new long[1], 9));
        assertThrows(IllegalStateException.class, () -> r.writeChoices(MemoryChannel.pair(ChannelOptions.defaults())[0]),
                "points before the choices and the key");
        r.choose(new long[1], 8);
        assertThrows(IllegalStateException.class, () -> r.choose(new long[1], 8));
        assertThrows(IllegalStateException.class, r::derivePads, "pads before the points");
        // One batch per sender key.
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        ChouOrlandi.Sender s = new ChouOrlandi(1, Prg.fromSecureRandom()).sender();
        ch[1].write(new byte[ChouOrlandi.choiceBytes(4)], 0, ChouOrlandi.choiceBytes(4));
        ch[1].flush();
        assertThrows(IOException.class, () -> s.send(ch[0], 4, Blocks.allocate(4), Blocks.allocate(4)),
                "all-zero bytes are no point");
        assertThrows(IllegalStateException.class, () -> s.send(ch[0], 4, Blocks.allocate(4), Blocks.allocate(4)));
    }

    /** The sender's A replaced by bad bytes: the receiver refuses it with a clear message. */
    @Test
    void receiverRefusesABadA() throws Exception {
        Random rnd = new Random(5);
        BigInteger[] small = Ref25519.order8(rnd);
        byte[] offCurve = Ref25519.encode(Ref25519.BASE);
        offCurve[3] ^= 4;
        assertRefused(offCurve, "invalid curve point for A: not on the curve");
        assertRefused(Ref25519.encode(small), "invalid curve point for A: a point of small order");
        assertRefused(Ref25519.encode(Ref25519.IDENTITY),
                "invalid curve point for A: a point of small order");
        byte[] big = new byte[64];
        java.util.Arrays.fill(big, (byte) 0xff);
        assertRefused(big, "invalid curve point for A: coordinate not reduced");
    }

    private static void assertRefused(byte[] a, String message) throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        p[0].write(a, 0, a.length);
        p[0].flush();
        IOException e = assertThrows(IOException.class, () -> new ChouOrlandi(2,
                Prg.fromSecureRandom()).receiveRandom(p[1], new long[2], 128,
                        Blocks.allocate(128)));
        assertTrue(e.getMessage().contains(message), e.getMessage());
        assertTrue(e.getMessage().startsWith("base OT (Chou-Orlandi): peer "), e.getMessage());
    }

    /** One of the receiver's B_i replaced by a bad point: the sender refuses it, naming i. */
    @Test
    void senderRefusesABadB() throws Exception {
        Random rnd = new Random(6);
        byte[] small = Ref25519.encode(Ref25519.mul(BigInteger.TWO, Ref25519.order8(rnd)));
        byte[] offCurve = Ref25519.encode(Ref25519.BASE);
        offCurve[40] ^= 1;
        assertSenderRefuses(small, 17, "invalid curve point for B[17]: a point of small order");
        assertSenderRefuses(offCurve, 3, "invalid curve point for B[3]: not on the curve");
    }

    private static void assertSenderRefuses(byte[] bad, int at, String message) throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        CompletableFuture<Void> s = CompletableFuture.runAsync(() -> {
            try {
                new ChouOrlandi(2, Prg.fromSecureRandom()).sendRandom(p[0], 128,
                        Blocks.allocate(128), Blocks.allocate(128));
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, Threads.POOL);
        byte[] a = new byte[64];
        p[1].readFully(a, 0, 64);
        byte[] bs = new byte[32 * 64];
        for (int i = 0; i < 32; i++) {
            System.arraycopy(Ref25519.encode(Ref25519.BASE), 0, bs, 64 * i, 64);
        }
        System.arraycopy(bad, 0, bs, 64 * at, 64);
        p[1].write(bs, 0, bs.length);
        p[1].flush();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> s.get(60, TimeUnit.SECONDS));
        String msg = e.getCause().getCause().getMessage();
        assertTrue(msg.contains(message), msg);
    }

    @Test
    void badArgumentsNameTheProblem() {
        assertThrows(IllegalArgumentException.class, () -> new ChouOrlandi(0, null));
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ChouOrlandi(1, Prg.fromSecureRandom()).receiveRandom(p[1], new long[1],
                        128, Blocks.allocate(128)));
        assertTrue(e.getMessage().contains("base OT count 128"), e.getMessage());
        for (String bad : new String[] {"", "with space", "x".repeat(ChouOrlandi.MAX_DOMAIN + 1), "caf\u00e9"}) {
            assertThrows(IllegalArgumentException.class, () -> new ChouOrlandi(1, Prg.fromSecureRandom(), bad), bad);
        }
    }

    /**
     * The domain is part of every pad: a sender and receiver of the same domain agree (the
     * longest allowed domain included), of different domains the receiver gets none of the
     * sender's strings.
     */
    @Test
    void theDomainSeparatesInstances() throws Exception {
        int n = 12;
        long[] choices = {0xa5aL};
        String longest = "d".repeat(ChouOrlandi.MAX_DOMAIN);
        for (String[] d : new String[][] {{longest, longest}, {ChouOrlandi.EXTENSION_DOMAIN, longest}}) {
            long[] out0 = Blocks.allocate(n);
            long[] out1 = Blocks.allocate(n);
            long[] out = Blocks.allocate(n);
            Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
            CompletableFuture<Void> s = CompletableFuture.runAsync(() -> {
                try {
                    new ChouOrlandi(1, Prg.fromSecureRandom(), d[0]).sendRandom(ch[0], n, out0, out1);
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            }, Threads.POOL);
            new ChouOrlandi(1, Prg.fromSecureRandom(), d[1]).receiveRandom(ch[1], choices, n, out);
            s.get(60, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                long[] chosen = ((choices[0] >>> i) & 1) != 0 ? out1 : out0;
                boolean same = chosen[2 * i] == out[2 * i] && chosen[2 * i + 1] == out[2 * i + 1];
                assertEquals(d[0].equals(d[1]), same, "OT " + i + " with domains " + d[0] + " / " + d[1]);
            }
        }
    }
}
