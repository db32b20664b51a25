package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.Scheme;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.testutil.StreamBytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The streaming garbler and evaluator, connected through memory (no channel, no OT), agree with
 * the simulator on random circuits with sub-circuits; and the stream takes exactly the scheme's
 * size per non-linear gate (tables, and control bits packed per batch).
 */
class StreamingGarblerTest {

    /** A growable byte buffer: the garbler appends, the evaluator consumes. */
    static class Pipe implements TableOutput, TableInput {
        byte[] data = new byte[1024];
        int size;
        int pos;

        @Override
        public void write(byte[] a, int off, int len) {
            if (size + len > data.length) {
                data = Arrays.copyOf(data, Math.max(2 * data.length, size + len));
            }
            System.arraycopy(a, off, data, size, len);
            size += len;
        }

        @Override
        public void read(byte[] a, int off, int len) {
            if (pos + len > size) {
                throw new IllegalStateException("read past the garbled stream");
            }
            System.arraycopy(data, pos, a, off, len);
            pos += len;
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void randomCircuitsMatchTheSimulator(Scheme s) throws Exception {
        randomCircuitsMatchTheSimulator(s, TweakableHash.DEFAULT_CAPACITY);
    }

    /** Hash batches of one and two garbled gates: the queue flushes because it is full. */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void smallHashBatchesGiveTheSameResults(Scheme s) throws Exception {
        int blocks = GarblingScheme.of(s).garbleBlocks();
        randomCircuitsMatchTheSimulator(s, blocks);
        randomCircuitsMatchTheSimulator(s, 2 * blocks + 1);
    }

    private static void randomCircuitsMatchTheSimulator(Scheme s, int hashCapacity)
            throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        TweakableHash gh = new TweakableHash(hashCapacity);
        TweakableHash eh = new TweakableHash(hashCapacity);
        Random r = new Random(42 + s.ordinal());
        long gateId = 1000;
        for (int c = 0; c < 30; c++) {
            Circuit circuit = RandomCircuits.generate(r, 1 + r.nextInt(8), r.nextInt(8),
                    r.nextInt(6), 1 + r.nextInt(6), 50 + r.nextInt(3000));
            for (int run = 0; run < 3; run++) {
                boolean[] x = RandomCircuits.bits(r, circuit.creatorInputCount());
                boolean[] y = RandomCircuits.bits(r, circuit.evaluatorInputCount());
                Simulator.Result expect = Simulator.run(circuit, x, y);
                long dLo = r.nextLong() | 1;
                long dHi = r.nextLong();
                Pipe pipe = new Pipe();
                StreamingGarbler g = new StreamingGarbler(scheme, gh, circuit.labelSlots(), dLo,
                        dHi, gateId, pipe);
                StreamingEvaluator e = new StreamingEvaluator(scheme, eh, circuit.labelSlots(),
                        gateId, pipe);
                long[] gl = g.labels();
                long[] el = e.labels();
                int[] ci = CircuitSlots.inputs(circuit, Party.CREATOR);
                int[] ei = CircuitSlots.inputs(circuit, Party.EVALUATOR);
                for (int i = 0; i < ci.length; i++) {
                    gl[2 * ci[i]] = r.nextLong();
                    gl[2 * ci[i] + 1] = r.nextLong();
                    el[2 * ci[i]] = gl[2 * ci[i]] ^ (x[i] ? dLo : 0);
                    el[2 * ci[i] + 1] = gl[2 * ci[i] + 1] ^ (x[i] ? dHi : 0);
                }
                for (int i = 0; i < ei.length; i++) {
                    gl[2 * ei[i]] = r.nextLong();
                    gl[2 * ei[i] + 1] = r.nextLong();
                    el[2 * ei[i]] = gl[2 * ei[i]] ^ (y[i] ? dLo : 0);
                    el[2 * ei[i] + 1] = gl[2 * ei[i] + 1] ^ (y[i] ? dHi : 0);
                }
                new CircuitWalker(circuit).walk(g);
                new CircuitWalker(circuit).walk(e);
                assertEquals(StreamBytes.of(circuit, scheme), pipe.size);
                assertEquals(pipe.size, pipe.pos);
                assertEquals(gateId + circuit.nonLinearCount(), g.nextGateId());
                assertEquals(g.nextGateId(), e.nextGateId());
                long[] walked = {0};
                new CircuitWalker(circuit).walk((ops, n) -> walked[0] += n);
                assertEquals(walked[0], g.gateCount());
                assertEquals(walked[0], e.gateCount());
                assertArrayEquals(expect.creatorOutputs(),
                        decode(gl, el, CircuitSlots.outputs(circuit, Party.CREATOR), dLo, dHi), "creator outputs");
                assertArrayEquals(expect.evaluatorOutputs(),
                        decode(gl, el, CircuitSlots.outputs(circuit, Party.EVALUATOR), dLo, dHi), "evaluator outputs");
                gateId = g.nextGateId();
            }
        }
    }

    /** Held and sent in pieces of any size, the stream is the same bytes as batch by batch. */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void piecesCarryTheSameStreamAsBatches(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(7 + s.ordinal());
        Circuit circuit = RandomCircuits.generate(r, 4, 4, 3, 4, 6000);
        long[] inputs = new long[2 * (int) circuit.labelSlots()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = r.nextLong();
        }
        byte[] batches = null;
        for (int piece : new int[] {0, 1, 700, 40_000, 1 << 20}) {
            List<Integer> writes = new ArrayList<>();
            Pipe pipe = new Pipe();
            StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(),
                    circuit.labelSlots(), 0x1234_5678_9abc_def1L, 77, 500, (a, off, len) -> {
                        writes.add(len);
                        pipe.write(a, off, len);
                    });
            g.sendInPiecesOf(piece);
            System.arraycopy(inputs, 0, g.labels(), 0, inputs.length);
            new CircuitWalker(circuit).walk(g);
            int beforeFinish = writes.size();
            g.finish();
            assertEquals(StreamBytes.of(circuit, scheme), pipe.size, "piece " + piece);
            byte[] stream = Arrays.copyOf(pipe.data, pipe.size);
            if (batches == null) {
                batches = stream;
                assertEquals(beforeFinish, writes.size(), "batch by batch, nothing is held");
            } else {
                assertArrayEquals(batches, stream, "piece " + piece);
                for (int w = 0; w < beforeFinish; w++) {
                    assertTrue(writes.get(w) >= piece, "write " + w + " of " + writes.get(w)
                            + " bytes, pieces of " + piece);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void restartDropsWhatAFailedWalkHeld(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Circuit circuit = RandomCircuits.generate(new Random(9), 4, 4, 3, 4, 3000);
        Pipe pipe = new Pipe();
        StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(),
                circuit.labelSlots(), 1, 0, 0, pipe);
        g.sendInPiecesOf(1 << 20);
        new CircuitWalker(circuit).walk(g);
        assertEquals(0, pipe.size, "all held");
        assertThrows(IllegalStateException.class, () -> g.sendInPiecesOf(0));
        g.restart(0);
        g.sendInPiecesOf(0);
        g.finish();
        assertEquals(0, pipe.size, "nothing of the abandoned walk is written");
    }

    static boolean[] decode(long[] g, long[] e, int[] slots, long dLo, long dHi) {
        boolean[] out = new boolean[slots.length];
        for (int i = 0; i < slots.length; i++) {
            int s = slots[i];
            boolean zero = g[2 * s] == e[2 * s] && g[2 * s + 1] == e[2 * s + 1];
            boolean one = (g[2 * s] ^ dLo) == e[2 * s] && (g[2 * s + 1] ^ dHi) == e[2 * s + 1];
            assertTrue(zero || one, "output slot " + s + " decodes to neither label");
            out[i] = one;
        }
        return out;
    }
}
