package io.gcstream.ot;

import io.gcstream.ot.internal.SessionDeltaOt;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import io.gcstream.ot.internal.channel.TranscriptChannel;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.testutil.Threads;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OtExtensionTest {
    private static final OtOptions SMALL_BLOCKS = OtOptions.builder().blockSize(256).build();

    private static OtPair memoryPair(OtOptions o) throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        return OtPair.setup(p[0], p[1], o, o);
    }

    private static long[] randomBits(Random rnd, int n) {
        long[] c = new long[(n + 63) / 64 + 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = rnd.nextLong();
        }
        return c;
    }

    /** Checks C-OT output: receiver's = sender's ^ c_i Delta, for bit-packed choices at off. */
    private static void checkCorrelated(long[] x, long[] got, long[] choices, int off, int n,
            long dLo, long dHi) {
        for (int i = 0; i < n; i++) {
            boolean c = Blocks.bit(choices, off + i);
            assertEquals(x[2 * i] ^ (c ? dLo : 0), got[2 * i], "OT " + i + " of " + n);
            assertEquals(x[2 * i + 1] ^ (c ? dHi : 0), got[2 * i + 1], "OT " + i + " of " + n);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 127, 128, 129, 1000, 1_000_000})
    void correlatedOtPairsDifferByDelta(int n) throws Exception {
        OtPair p = memoryPair(OtOptions.defaults());
        Random rnd = new Random(n);
        long[] choices = randomBits(rnd, n + 5);
        long dLo = rnd.nextLong() | 1;
        long dHi = rnd.nextLong();
        long[] x = Blocks.allocate(n);
        long[] got = Blocks.allocate(n);
        OtPair.both(() -> {
            p.sender.correlated(dLo, dHi, n, x, 0);
            return null;
        }, () -> {
            p.receiver.correlated(choices, 5, n, got, 0);
            return null;
        });
        checkCorrelated(x, got, choices, 5, n, dLo, dHi);
        assertEquals(n, p.sender.count());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 127, 128, 129, 1000, 1_000_000})
    void chosenOtDeliversExactlyTheChosenStrings(int n) throws Exception {
        OtPair p = memoryPair(OtOptions.defaults());
        Random rnd = new Random(n + 1);
        boolean[] choices = new boolean[n];
        for (int i = 0; i < n; i++) {
            choices[i] = rnd.nextBoolean();
        }
        long[] m0 = Blocks.allocate(n);
        long[] m1 = Blocks.allocate(n);
        Blocks.randomFill(rnd, m0, 0, n);
        Blocks.randomFill(rnd, m1, 0, n);
        long[] got = Blocks.allocate(n);
        OtPair.both(() -> {
            p.sender.chosen(m0, 0, m1, 0, n);
            return null;
        }, () -> {
            p.receiver.chosen(choices, 0, n, got, 0);
            return null;
        });
        for (int i = 0; i < n; i++) {
            assertTrue(Blocks.equals(choices[i] ? m1 : m0, i, got, i, 1), "OT " + i);
        }
    }

    @Test
    void randomOtStringsLookRandom() throws Exception {
        int n = 20_000;
        OtPair p = memoryPair(SMALL_BLOCKS);
        Random rnd = new Random(3);
        long[] choices = randomBits(rnd, n);
        long[] x0 = Blocks.allocate(n);
        long[] x1 = Blocks.allocate(n);
        long[] got = Blocks.allocate(n);
        OtPair.both(() -> {
            p.sender.random(n, x0, 0, x1, 0);
            return null;
        }, () -> {
            p.receiver.random(choices, 0, n, got, 0);
            return null;
        });
        Set<String> seen = new HashSet<>();
        long ones = 0;
        for (int i = 0; i < n; i++) {
            boolean c = Blocks.bit(choices, i);
            assertTrue(Blocks.equals(c ? x1 : x0, i, got, i, 1), "OT " + i);
            assertTrue(seen.add(Blocks.hex(x0, i)), "repeated x0 at " + i);
            assertTrue(seen.add(Blocks.hex(x1, i)), "repeated x1 at " + i);
            ones += Long.bitCount(x0[2 * i]) + Long.bitCount(x0[2 * i + 1]);
        }
        double frac = ones / (128.0 * n);
        assertTrue(Math.abs(frac - 0.5) < 0.01, "fraction of one bits " + frac);
    }

    @Test
    void manyBatchesOnOneSetupWithMixedKindsAndOffsets() throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        Random rnd = new Random(4);
        for (int batch = 0; batch < 12; batch++) {
            int n = 1 + rnd.nextInt(700);
            int off = rnd.nextInt(130);
            long[] choices = randomBits(rnd, n + off);
            long dLo = rnd.nextLong();
            long dHi = rnd.nextLong();
            long[] x = Blocks.allocate(n + 3);
            long[] got = Blocks.allocate(n + 7);
            OtPair.both(() -> {
                p.sender.correlated(dLo, dHi, n, x, 3);
                return null;
            }, () -> {
                p.receiver.correlated(choices, off, n, got, 7);
                return null;
            });
            long[] xs = java.util.Arrays.copyOfRange(x, 6, 6 + 2 * n);
            long[] gs = java.util.Arrays.copyOfRange(got, 14, 14 + 2 * n);
            checkCorrelated(xs, gs, choices, off, n, dLo, dHi);
        }
        assertTrue(p.receiver.count() > 0);
    }

    @Test
    void receiverTranscriptIsIndependentOfDeltaAndSenderTranscriptOfChoices() throws Exception {
        long seedS = 0;
        long seedR = 1;
        Transcript r1 = transcript(seedS, seedR, 5, 6, 0L);
        Transcript r2 = transcript(seedS, seedR, 7, 8, 0L);
        // same receiver seed and choices, different Delta: identical receiver bytes
        assertEquals(r1.receiverHash(), r2.receiverHash());
        assertEquals(r1.receiverBytes(), r2.receiverBytes());
        // different choices: the sender sends the same number of bytes
        Transcript r3 = transcript(seedS, seedR, 5, 6, -1L);
        assertEquals(r1.senderBytes(), r3.senderBytes());
        assertFalse(r1.receiverHash().equals(r3.receiverHash()), "choices must change the receiver's messages");
    }

    /** What one seeded run of 1000 C-OTs put on the wire. */
    private record Transcript(String receiverHash, long receiverBytes, long senderBytes) {
    }

    /** Runs 1000 C-OTs with the given seeds, Δ and choices. */
    private static Transcript transcript(long seedS, long seedR, long dLo, long dHi,
            long choiceWord) throws Exception {
        Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
        TranscriptChannel[] p = {new TranscriptChannel(m[0]), new TranscriptChannel(m[1])};
        OtPair pair = OtPair.setup(p[0], p[1],
                OtOptions.builder().blockSize(256).insecureTestSeed(seedS).build(),
                OtOptions.builder().blockSize(256).insecureTestSeed(seedR).build());
        int n = 1000;
        long[] choices = new long[16];
        java.util.Arrays.fill(choices, choiceWord);
        OtPair.both(() -> {
            pair.sender.correlated(dLo, dHi, n, Blocks.allocate(n), 0);
            return null;
        }, () -> {
            pair.receiver.correlated(choices, 0, n, Blocks.allocate(n), 0);
            return null;
        });
        return new Transcript(p[1].sentHash(), p[1].bytesSent(), p[0].bytesSent());
    }

    @Test
    void worksOverLoopbackTcp() throws Exception {
        TcpChannel s;
        TcpChannel r;
        try (ServerSocket server = new ServerSocket(0)) {
            Future<TcpChannel> acc = Threads.POOL.submit(
                    () -> Transport.plain().accept(server, ChannelOptions.defaults()));
            r = Transport.plain().connect("127.0.0.1", server.getLocalPort(), ChannelOptions.defaults());
            s = OtPair.get(acc);
        }
        try (s; r) {
            OtPair p = OtPair.setup(s, r, OtOptions.defaults(), OtOptions.defaults());
            int n = 100_000;
            long[] choices = randomBits(new Random(9), n);
            long[] x = Blocks.allocate(n);
            long[] got = Blocks.allocate(n);
            OtPair.both(() -> {
                p.sender.correlated(42, 43, n, x, 0);
                return null;
            }, () -> {
                p.receiver.correlated(choices, 0, n, got, 0);
                return null;
            });
            checkCorrelated(x, got, choices, 0, n, 42, 43);
        }
    }

    @Test
    void mismatchedBlockSizesAreRejectedOnBothSides() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        Future<?> s = Threads.POOL.submit(() -> OtExtensionSender.setup(p[0], SMALL_BLOCKS));
        IOException e = assertThrows(IOException.class,
                () -> OtExtensionReceiver.setup(p[1], OtOptions.defaults()));
        assertTrue(e.getMessage().contains("block size mismatch"), e.getMessage());
        IOException e2 = assertThrows(IOException.class, () -> OtPair.get(s));
        assertTrue(e2.getMessage().contains("block size mismatch"), e2.getMessage());
    }

    @Test
    void sessionsWorkOverTheBaseOt() throws Exception {
        OtOptions o = OtOptions.builder().blockSize(256).build();
        OtPair p = memoryPair(o);
        int n = 1000;
        long[] choices = randomBits(new Random(3), n);
        long[] x = Blocks.allocate(n);
        long[] got = Blocks.allocate(n);
        long[] xs = Blocks.allocate(n);
        long[] gots = Blocks.allocate(n);
        OtPair.both(() -> {
            p.sender.correlated(5, 6, n, x, 0);
            SessionDeltaOt.correlated(p.sender, n, xs, 0);
            return null;
        }, () -> {
            p.receiver.correlated(choices, 0, n, got, 0);
            SessionDeltaOt.correlated(p.receiver, choices, 0, n, gots, 0);
            return null;
        });
        checkCorrelated(x, got, choices, 0, n, 5, 6);
        // t_i = q_i ^ c_i s holds only if every base OT delivered the chosen seed
        checkCorrelated(xs, gots, choices, 0, n, SessionDeltaOt.deltaLo(p.sender),
                SessionDeltaOt.deltaHi(p.sender));
    }

    @Test
    void seededSessionsRepeatTheirTranscriptExactly() throws Exception {
        long seedS = 0;
        long seedR = 1;
        String[] first = seededTranscript(seedS, seedR);
        String[] again = seededTranscript(seedS, seedR);
        assertEquals(first[0], again[0]);
        assertEquals(first[1], again[1]);
        assertFalse(first[1].equals(seededTranscript(seedS, 2)[1]));
    }

    /** Hashes of both directions of a seeded setup plus 300 C-OTs. */
    private static String[] seededTranscript(long seedS, long seedR) throws Exception {
        Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
        TranscriptChannel[] p = {new TranscriptChannel(m[0]), new TranscriptChannel(m[1])};
        OtPair pair = OtPair.setup(p[0], p[1],
                OtOptions.builder().insecureTestSeed(seedS).build(),
                OtOptions.builder().insecureTestSeed(seedR).build());
        long[] choices = randomBits(new Random(4), 300);
        OtPair.both(() -> {
            pair.sender.correlated(7, 8, 300, Blocks.allocate(300), 0);
            return null;
        }, () -> {
            pair.receiver.correlated(choices, 0, 300, Blocks.allocate(300), 0);
            return null;
        });
        return new String[] {p[0].sentHash(), p[1].sentHash()};
    }

    /**
     * Every kind of OT with the blocks split between threads: correct outputs, and the bytes
     * on the wire (both directions) and the outputs do not depend on either side's thread
     * count, so parties with different counts work together. 40,000 OTs make two full blocks
     * and a last one of 7,232 OTs, which is split too and is not made of whole 128-OT groups.
     */
    @ParameterizedTest
    @CsvSource({"1, 1", "2, 1", "1, 2", "2, 2", "3, 8", "8, 3"})
    void threadCountsChangeNeitherTheWireNorTheOutputs(int senderThreads, int receiverThreads)
            throws Exception {
        String single = threadedTranscript(1, 1, OtOptions.DEFAULT_BLOCK_SIZE, 40_000);
        assertEquals(single, threadedTranscript(senderThreads, receiverThreads, OtOptions.DEFAULT_BLOCK_SIZE, 40_000));
    }

    /**
     * Calls of many blocks, so that the blocks in flight wrap around the team's slots (a
     * receiver's thread may hold two unsent blocks): the same wire and outputs as one thread,
     * and no thread left waiting for an offer another overwrote.
     */
    @ParameterizedTest
    @CsvSource({"2, 2", "3, 3", "1, 5"})
    @Timeout(value = 2, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void manyBlocksACallGoOutInOrderWhateverTheThreads(int senderThreads, int receiverThreads) throws Exception {
        int b = ExtensionTeam.MIN_PARALLEL_OTS;
        int n = 37 * b + 1000;
        assertEquals(threadedTranscript(1, 1, b, n), threadedTranscript(senderThreads, receiverThreads, b, n));
    }

    /**
     * Hashes of both directions and of all outputs of a seeded set-up and {@code n} OTs of every
     * kind, in blocks of {@code blockSize}.
     */
    private static String threadedTranscript(int senderThreads, int receiverThreads, int blockSize, int n)
            throws Exception {
        long seedS = 0;
        long seedR = 9;
        Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
        TranscriptChannel[] p = {new TranscriptChannel(m[0]), new TranscriptChannel(m[1])};
        OtPair pair = OtPair.setup(p[0], p[1],
                OtOptions.builder().insecureTestSeed(seedS).threads(senderThreads).blockSize(blockSize).build(),
                OtOptions.builder().insecureTestSeed(seedR).threads(receiverThreads).blockSize(blockSize).build());
        Random rnd = new Random(11);
        long[] choices = randomBits(rnd, n);
        boolean[] bools = new boolean[n];
        for (int i = 0; i < n; i++) {
            bools[i] = Blocks.bit(choices, i);
        }
        long[] m0 = Blocks.allocate(n);
        long[] m1 = Blocks.allocate(n);
        Blocks.randomFill(rnd, m0, 0, n);
        Blocks.randomFill(rnd, m1, 0, n);
        long[][] s = new long[6][];
        long[][] r = new long[4][];
        for (int k = 0; k < s.length; k++) {
            s[k] = Blocks.allocate(n);
        }
        for (int k = 0; k < r.length; k++) {
            r[k] = Blocks.allocate(n);
        }
        OtPair.both(() -> {
            pair.sender.correlated(0x1235, 0x77, n, s[0], 0);
            SessionDeltaOt.correlated(pair.sender, n, s[1], 0);
            SessionDeltaOt.correlated(pair.sender, 32_768, s[2], 0);
            pair.sender.random(n, s[3], 0, s[4], 0);
            pair.sender.chosen(m0, 0, m1, 0, n);
            return null;
        }, () -> {
            pair.receiver.correlated(choices, 0, n, r[0], 0);
            SessionDeltaOt.correlated(pair.receiver, choices, 0, n, r[1], 0);
            SessionDeltaOt.correlated(pair.receiver, bools, 0, 32_768, r[2], 0);
            pair.receiver.random(choices, 0, n, r[3], 0);
            pair.receiver.chosen(bools, 0, n, s[5], 0);
            return null;
        });
        pair.sender.close();
        pair.receiver.close();
        checkCorrelated(s[0], r[0], choices, 0, n, 0x1235, 0x77);
        int one = 0;
        while (!bools[one]) {
            one++;
        }
        long sLo = s[1][2 * one] ^ r[1][2 * one];
        long sHi = s[1][2 * one + 1] ^ r[1][2 * one + 1];
        checkCorrelated(s[1], r[1], choices, 0, n, sLo, sHi);
        checkCorrelated(s[2], r[2], choices, 0, 32_768, sLo, sHi);
        for (int i = 0; i < n; i++) {
            boolean c = bools[i];
            assertTrue(Blocks.equals(c ? s[4] : s[3], i, r[3], i, 1), "random OT " + i);
            assertTrue(Blocks.equals(c ? m1 : m0, i, s[5], i, 1), "chosen OT " + i);
        }
        java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
        for (long[][] a : new long[][][] {s, r}) {
            for (long[] b : a) {
                for (long v : b) {
                    for (int k = 0; k < 8; k++) {
                        d.update((byte) (v >>> (8 * k)));
                    }
                }
            }
        }
        return p[0].sentHash() + " " + p[1].sentHash() + " " + java.util.HexFormat.of().formatHex(d.digest());
    }

    /**
     * A sender and a receiver whose teams share the blocks of their calls, then closed and
     * working alone: the outputs stay right across the change (the rows' generators are taken
     * in block order whichever thread makes a block), for OTs that answer and OTs that do not,
     * and a last block shorter than the others.
     */
    @Test
    void bothSidesGoOnAloneAfterTheirTeamsSharedBlocks() throws Exception {
        OtOptions o = OtOptions.builder().threads(2).blockSize(ExtensionTeam.MIN_PARALLEL_OTS).build();
        OtPair p = memoryPair(o);
        int n = 5 * ExtensionTeam.MIN_PARALLEL_OTS + 300;
        Random rnd = new Random(6);
        long[] choices = randomBits(rnd, n);
        long dLo = rnd.nextLong() | 1;
        long dHi = rnd.nextLong();
        long[][] x = new long[4][];
        long[][] got = new long[4][];
        for (int k = 0; k < 4; k++) {
            x[k] = Blocks.allocate(n);
            got[k] = Blocks.allocate(n);
        }
        OtPair.both(() -> {
            SessionDeltaOt.correlated(p.sender, n, x[0], 0);
            p.sender.correlated(dLo, dHi, n, x[1], 0);
            p.sender.close();
            SessionDeltaOt.correlated(p.sender, n, x[2], 0);
            p.sender.correlated(dLo, dHi, n, x[3], 0);
            return null;
        }, () -> {
            for (int k = 0; k < 4; k += 2) {
                SessionDeltaOt.correlated(p.receiver, choices, 0, n, got[k], 0);
                p.receiver.correlated(choices, 0, n, got[k + 1], 0);
                p.receiver.close();
            }
            return null;
        });
        long sLo = SessionDeltaOt.deltaLo(p.sender);
        long sHi = SessionDeltaOt.deltaHi(p.sender);
        for (int k = 0; k < 4; k += 2) {
            checkCorrelated(x[k], got[k], choices, 0, n, sLo, sHi);
            checkCorrelated(x[k + 1], got[k + 1], choices, 0, n, dLo, dHi);
        }
    }

    /**
     * The threads move U themselves (the sender's read it, the receiver's send it): a link that
     * drops under a worker fails the call with the channel's own exception, as it would on one
     * thread (not a worker's wrapper), with no hang and no thread left. Which thread meets the
     * drop is timing, so calls are tried until a worker has met it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aLinkThatDropsUnderAWorkerFailsTheCallWithTheChannelsError(boolean sender) throws Exception {
        int live = io.gcstream.ot.internal.parallel.Workers.liveThreads();
        boolean onWorker = false;
        for (int attempt = 0; attempt < 50 && !onWorker; attempt++) {
            onWorker = dropUnder(sender, 3 + attempt % 5);
        }
        assertTrue(onWorker, "no worker met the drop in 50 calls");
        assertEquals(live, io.gcstream.ot.internal.parallel.Workers.liveThreads());
    }

    /**
     * One call whose {@code sender}'s (else receiver's) channel fails its {@code k}-th read (else
     * write) of a U; whether a worker met it.
     */
    private static boolean dropUnder(boolean sender, int k) throws Exception {
        int b = ExtensionTeam.MIN_PARALLEL_OTS;
        int n = 16 * b;
        Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
        java.util.concurrent.atomic.AtomicInteger moved = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<String> where = new java.util.concurrent.atomic.AtomicReference<>();
        // U of a block: 128 rows of b bits.
        Channel dropping = new io.gcstream.ot.internal.channel.ForwardingChannel(m[sender ? 0 : 1]) {
            @Override
            public void readFully(byte[] a, int off, int len) throws IOException {
                drop(sender && len == 16 * b);
                super.readFully(a, off, len);
            }

            @Override
            public void write(byte[] a, int off, int len) throws IOException {
                drop(!sender && len == 16 * b);
                super.write(a, off, len);
            }

            private void drop(boolean aU) throws IOException {
                if (aU && moved.incrementAndGet() == k) {
                    where.set(Thread.currentThread().getName());
                    throw new IOException("test: the link dropped");
                }
            }
        };
        OtOptions team = OtOptions.builder().threads(2).blockSize(b).build();
        OtOptions alone = OtOptions.builder().blockSize(b).build();
        OtPair p = sender ? OtPair.setup(dropping, m[1], team, alone) : OtPair.setup(m[0], dropping, alone, team);
        long[] choices = randomBits(new Random(5), n);
        Callable<Void> senderCall = () -> {
            SessionDeltaOt.correlated(p.sender, n, Blocks.allocate(n), 0);
            return null;
        };
        Callable<Void> receiverCall = () -> {
            SessionDeltaOt.correlated(p.receiver, choices, 0, n, Blocks.allocate(n), 0);
            return null;
        };
        try {
            Future<Void> peer = Threads.POOL.submit(sender ? receiverCall : senderCall);
            IOException e = assertThrows(IOException.class, () -> (sender ? senderCall : receiverCall).call());
            assertEquals("test: the link dropped", e.getMessage());
            m[sender ? 0 : 1].close();
            try {
                peer.get();
            } catch (java.util.concurrent.ExecutionException ignored) {
                // The peer may fail too once this side's end is closed.
            }
        } finally {
            p.sender.close();
            p.receiver.close();
        }
        String w = where.get();
        return w != null && w.startsWith(sender ? "gcstream-ot-sender-" : "gcstream-ot-receiver-");
    }

    /**
     * A worker of a team that fails fails the call on its owner's thread, naming the worker,
     * on either side, for OTs that answer and OTs that do not: no hang, and no thread left
     * behind. A worker is only handed work it takes before the owner has done it all, so a
     * call whose worker took nothing is tried again (and must then have succeeded), until one
     * fails through its worker.
     */
    @ParameterizedTest
    @CsvSource({"true, false", "true, true", "false, false", "false, true"})
    void aWorkerThatFailsFailsTheCall(boolean senderFails, boolean answers) throws Exception {
        int live = io.gcstream.ot.internal.parallel.Workers.liveThreads();
        java.util.concurrent.atomic.AtomicInteger fired = new java.util.concurrent.atomic.AtomicInteger();
        for (int attempt = 0; attempt < 50 && fired.get() == 0; attempt++) {
            failThroughTheWorker(senderFails, answers, fired);
        }
        assertTrue(fired.get() > 0, "no worker took a part in 50 calls");
        assertEquals(live, io.gcstream.ot.internal.parallel.Workers.liveThreads());
    }

    /** One call whose worker fails if it takes a part; {@code fired} counts the failures. */
    private static void failThroughTheWorker(boolean senderFails, boolean answers,
            java.util.concurrent.atomic.AtomicInteger fired) throws Exception {
        int n = 16 * ExtensionTeam.MIN_PARALLEL_OTS;
        Channel[] m = MemoryChannel.pair(ChannelOptions.defaults());
        OtOptions team = OtOptions.builder().threads(2).blockSize(ExtensionTeam.MIN_PARALLEL_OTS).build();
        OtOptions alone = OtOptions.builder().blockSize(ExtensionTeam.MIN_PARALLEL_OTS).build();
        OtPair p = OtPair.setup(m[0], m[1], senderFails ? team : alone, senderFails ? alone : team);
        long[] choices = randomBits(new Random(7), n);
        Callable<Void> sender = () -> {
            if (answers) {
                p.sender.correlated(1, 2, n, Blocks.allocate(n), 0);
            } else {
                SessionDeltaOt.correlated(p.sender, n, Blocks.allocate(n), 0);
            }
            return null;
        };
        Callable<Void> receiver = () -> {
            if (answers) {
                p.receiver.correlated(choices, 0, n, Blocks.allocate(n), 0);
            } else {
                SessionDeltaOt.correlated(p.receiver, choices, 0, n, Blocks.allocate(n), 0);
            }
            return null;
        };
        // A first call starts the team's worker, so that it is there to take a part of the next.
        OtPair.both(sender, receiver);
        io.gcstream.ot.internal.parallel.Workers.faultForTests((part, thread) -> {
            fired.incrementAndGet();
            throw new IllegalStateException("test fault");
        });
        try {
            Future<Void> peer = Threads.POOL.submit(senderFails ? receiver : sender);
            RuntimeException failure = null;
            try {
                (senderFails ? sender : receiver).call();
            } catch (RuntimeException e) {
                failure = e;
            }
            if (fired.get() == 0) {
                assertEquals(null, failure, "a call whose worker took nothing succeeds");
                peer.get();
                return;
            }
            assertTrue(failure != null, "the worker failed, the call did not");
            String name = senderFails ? "gcstream-ot-sender-1" : "gcstream-ot-receiver-1";
            assertTrue(failure.getMessage().contains(name), failure.getMessage());
            assertEquals("test fault", failure.getCause().getMessage());
            m[senderFails ? 0 : 1].close();
            try {
                peer.get();
            } catch (java.util.concurrent.ExecutionException ignored) {
                // The peer may fail too once this side's channel is closed.
            }
        } finally {
            io.gcstream.ot.internal.parallel.Workers.faultForTests(null);
            p.sender.close();
            p.receiver.close();
        }
    }

    /**
     * A peer that announces another base OT in its header (as one offering the removed
     * Naor–Pinkas, code 1, would) is refused naming it.
     */
    @Test
    void aPeerWithAnotherBaseOtIsRefused() throws Exception {
        Channel[] p = MemoryChannel.pair(ChannelOptions.defaults());
        p[0].writeInt(Handshake.MAGIC);
        p[0].writeInt(Handshake.ROLE_SENDER);
        p[0].writeInt(OtOptions.DEFAULT_BLOCK_SIZE);
        p[0].writeInt(1);
        p[0].flush();
        IOException e = assertThrows(IOException.class,
                () -> OtExtensionReceiver.setup(p[1], OtOptions.defaults()));
        assertTrue(e.getMessage().contains("base OT mismatch: this side uses chou-orlandi, peer "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(" uses unknown protocol 1"), e.getMessage());
    }

    @Test
    void badArgumentsNameTheProblem() throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class,
                () -> p.receiver.correlated(new long[1], 0, 65, Blocks.allocate(65), 0));
        assertTrue(e.getMessage().contains("choices"), e.getMessage());
        assertThrows(IndexOutOfBoundsException.class,
                () -> p.sender.correlated(1, 2, 10, Blocks.allocate(9), 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 129, 100_000})
    void sessionDeltaCorrelatedOtsDifferByTheSessionDelta(int n) throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        Random rnd = new Random(n + 7);
        long[] choices = randomBits(rnd, n + 3);
        long[] x = Blocks.allocate(n);
        long[] got = Blocks.allocate(n);
        OtPair.both(() -> {
            SessionDeltaOt.correlated(p.sender, n, x, 0);
            return null;
        }, () -> {
            SessionDeltaOt.correlated(p.receiver, choices, 3, n, got, 0);
            return null;
        });
        assertEquals(1, SessionDeltaOt.deltaLo(p.sender) & 1, "lsb of the session Delta");
        checkCorrelated(x, got, choices, 3, n, SessionDeltaOt.deltaLo(p.sender),
                SessionDeltaOt.deltaHi(p.sender));
        // and the boolean form, on the same session
        boolean[] bools = new boolean[n];
        for (int i = 0; i < n; i++) {
            bools[i] = Blocks.bit(choices, 3 + i);
        }
        OtPair.both(() -> {
            SessionDeltaOt.correlated(p.sender, n, x, 0);
            return null;
        }, () -> {
            SessionDeltaOt.correlated(p.receiver, bools, 0, n, got, 0);
            return null;
        });
        checkCorrelated(x, got, choices, 3, n, SessionDeltaOt.deltaLo(p.sender),
                SessionDeltaOt.deltaHi(p.sender));
    }

    /**
     * Whole blocks are transposed straight into the caller's array, the tail through a buffer:
     * both must land at the caller's block offset and leave the blocks around them alone.
     */
    @ParameterizedTest
    @ValueSource(ints = {256, 512, 600})
    void sessionDeltaOtsFillExactlyTheirBlocksAtAnOffset(int n) throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        long[] choices = randomBits(new Random(n), n);
        int off = 5;
        long[] x = Blocks.allocate(off + n + 3);
        long[] got = Blocks.allocate(off + n + 3);
        java.util.Arrays.fill(x, 0x5A5A5A5A5A5A5A5AL);
        java.util.Arrays.fill(got, 0x3C3C3C3C3C3C3C3CL);
        OtPair.both(() -> {
            SessionDeltaOt.correlated(p.sender, n, x, off);
            return null;
        }, () -> {
            SessionDeltaOt.correlated(p.receiver, choices, 0, n, got, off);
            return null;
        });
        long[] xs = java.util.Arrays.copyOfRange(x, 2 * off, 2 * (off + n));
        long[] gots = java.util.Arrays.copyOfRange(got, 2 * off, 2 * (off + n));
        checkCorrelated(xs, gots, choices, 0, n, SessionDeltaOt.deltaLo(p.sender), SessionDeltaOt.deltaHi(p.sender));
        for (int i = 0; i < 2 * off; i++) {
            assertEquals(0x5A5A5A5A5A5A5A5AL, x[i], "sender's long " + i + " before the OTs");
            assertEquals(0x3C3C3C3C3C3C3C3CL, got[i], "receiver's long " + i + " before the OTs");
        }
        for (int i = 2 * (off + n); i < x.length; i++) {
            assertEquals(0x5A5A5A5A5A5A5A5AL, x[i], "sender's long " + i + " after the OTs");
            assertEquals(0x3C3C3C3C3C3C3C3CL, got[i], "receiver's long " + i + " after the OTs");
        }
    }

    @Test
    void mismatchedCallsFailWithAClearErrorOnTheSender() throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        long[] choices = new long[20];
        Future<?> s = Threads.POOL.submit(() -> {
            p.sender.correlated(1, 2, 1000, Blocks.allocate(1000), 0);
            return null;
        });
        p.receiver.random(choices, 0, 1000, Blocks.allocate(1000), 0);
        IOException e = assertThrows(IOException.class, () -> OtPair.get(s));
        assertTrue(e.getMessage().contains("correlated(n=1000)")
                && e.getMessage().contains("random(n=1000)"), e.getMessage());
    }

    @Test
    void zeroOtsIsANoOp() throws Exception {
        OtPair p = memoryPair(SMALL_BLOCKS);
        p.sender.correlated(1, 2, 0, new long[0], 0);
        p.receiver.correlated(new long[0], 0, 0, new long[0], 0);
        assertEquals(0, p.sender.count());
    }

    @Test
    void peerClosingMidSessionIsAClearErrorNotAHang() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        OtPair p = OtPair.setup(ch[0], ch[1], SMALL_BLOCKS, SMALL_BLOCKS);
        Future<?> s = Threads.POOL.submit(() -> {
            p.sender.correlated(1, 2, 10_000, Blocks.allocate(10_000), 0);
            return null;
        });
        ch[1].close();
        io.gcstream.ot.channel.PeerClosedException e = assertThrows(
                io.gcstream.ot.channel.PeerClosedException.class, () -> OtPair.get(s));
        assertTrue(e.getMessage().contains("memory:b"), e.getMessage());
    }

    @Test
    void stalledPeerTimesOut() throws Exception {
        ChannelOptions quick = ChannelOptions.builder()
                .readTimeout(java.time.Duration.ofMillis(300)).build();
        Channel[] ch = MemoryChannel.pair(quick);
        OtPair p = OtPair.setup(ch[0], ch[1], SMALL_BLOCKS, SMALL_BLOCKS);
        // the receiver never makes its call
        io.gcstream.ot.channel.PeerTimeoutException e = assertThrows(
                io.gcstream.ot.channel.PeerTimeoutException.class,
                () -> p.sender.random(10, Blocks.allocate(10), 0, Blocks.allocate(10), 0));
        assertTrue(e.getMessage().contains("memory:b"), e.getMessage());
    }
}
