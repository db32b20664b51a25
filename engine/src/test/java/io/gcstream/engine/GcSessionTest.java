package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Body;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.TruthTable;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Garbled runs equal the simulator on random circuits with nested sub-circuits, for both schemes,
 * in memory and over loopback TCP, many runs per session; and the bytes per non-linear gate are
 * exactly the scheme's table size.
 */
class GcSessionTest {
    static List<Arguments> schemesAndTransports() {
        List<Arguments> a = new ArrayList<>();
        for (Scheme s : Scheme.values()) {
            for (LocalPair.Transport t : LocalPair.Transport.values()) {
                a.add(Arguments.of(s, t));
            }
        }
        return a;
    }

    static Channel[] channels(LocalPair.Transport t, SessionOptions o) throws Exception {
        if (t == LocalPair.Transport.MEMORY) {
            return MemoryChannel.pair(o.channelOptions());
        }
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Channel> e = CompletableFuture.supplyAsync(() -> {
                try {
                    return TcpChannel.connect("127.0.0.1", server.getLocalPort(), o.channelOptions());
                } catch (Exception ex) {
                    throw new RuntimeException(ex);
                }
            });
            Channel c = TcpChannel.accept(server, o.channelOptions());
            return new Channel[] {c, e.get()};
        }
    }

    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void randomCircuitsMatchTheSimulator(Scheme scheme, LocalPair.Transport transport) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        Random r = new Random(1234 + 10 * scheme.ordinal() + transport.ordinal());
        List<Pairs.Job> jobs = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            Circuit circuit = RandomCircuits.generate(r, 1 + r.nextInt(10), 1 + r.nextInt(10),
                    1 + r.nextInt(8), 1 + r.nextInt(8), 200 + r.nextInt(2000));
            for (int k = 0; k < 20; k++) {
                jobs.add(new Pairs.Job(circuit, RandomCircuits.bits(r, circuit.creatorInputCount()),
                        RandomCircuits.bits(r, circuit.evaluatorInputCount())));
            }
        }
        Channel[] ch = channels(transport, o);
        try (Channel a = ch[0]; Channel b = ch[1]) {
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(a, o), GcSession.evaluator(b, o), jobs);
            assertNull(out[0].error(), () -> "creator: " + out[0].error());
            assertNull(out[1].error(), () -> "evaluator: " + out[1].error());
            for (int i = 0; i < jobs.size(); i++) {
                Pairs.Job j = jobs.get(i);
                Simulator.Result expect = Simulator.run(j.circuit(), j.x(), j.y());
                assertArrayEquals(expect.creatorOutputs(), out[0].outputs().get(i), "creator, job " + i);
                assertArrayEquals(expect.evaluatorOutputs(), out[1].outputs().get(i), "evaluator, job " + i);
            }
            RunStats first = out[0].stats().get(0);
            RunStats second = out[0].stats().get(1);
            assertTrue(first.setupNanos() > 0);
            assertEquals(0, second.setupNanos());
            assertEquals(jobs.get(0).circuit().nonLinearCount(), first.nonLinearGates());
            assertEquals(jobs.get(0).circuit().labelSlots(), first.labelSlots());
        }
    }

    /** x AND-chain of n gates over two lanes: same inputs and outputs for any n. */
    static Circuit chain(int n) {
        Body.Builder b = new Body.Builder();
        for (int i = 0; i < n; i++) {
            b.gate(i % 2, 0, 1, TruthTable.AND).gate(2, 2, i % 2, TruthTable.XOR);
        }
        return Circuit.builder().creatorInputs(0).evaluatorInputs(1, 2).creatorOutputs(0)
                .evaluatorOutputs(2).numSlots(3).body(b.build()).build();
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void bytesPerNonLinearGateAreExactlyTheTableSize(Scheme scheme) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        long[][] bytes = new long[3][];
        int[] sizes = {10, 1000, 5000};
        for (int k = 0; k < sizes.length; k++) {
            Circuit c = chain(sizes[k]);
            Channel[] ch = channels(LocalPair.Transport.MEMORY, o);
            // Second run of a session: no setup bytes, so only the run's own traffic counts.
            List<Pairs.Job> jobs = List.of(new Pairs.Job(c, new boolean[1], new boolean[2]),
                    new Pairs.Job(c, new boolean[] {true}, new boolean[] {true, false}));
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(ch[0], o),
                    GcSession.evaluator(ch[1], o), jobs);
            assertNull(out[0].error());
            RunStats cs = out[0].stats().get(1);
            RunStats es = out[1].stats().get(1);
            assertEquals(cs.bytesSent(), es.bytesReceived());
            assertEquals(es.bytesSent(), cs.bytesReceived());
            bytes[k] = new long[] {cs.bytesSent(), es.bytesSent(), c.nonLinearCount()};
        }
        for (int k = 1; k < sizes.length; k++) {
            long gates = bytes[k][2] - bytes[0][2];
            assertEquals(scheme.tableBytes() * gates, bytes[k][0] - bytes[0][0],
                    "creator bytes per extra non-linear gate");
            assertEquals(0, bytes[k][1] - bytes[0][1], "evaluator bytes do not grow with gates");
        }
    }
}
