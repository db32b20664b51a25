package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.testutil.RandomCircuits;
import io.gcstream.engine.testutil.StreamBytes;
import java.util.Arrays;
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
    static final class Pipe implements TableOutput, TableInput {
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
        int blocks = s.implementation().garbleBlocks();
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
                int[] ci = circuit.creatorInputs();
                int[] ei = circuit.evaluatorInputs();
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
                        decode(gl, el, circuit.creatorOutputs(), dLo, dHi), "creator outputs");
                assertArrayEquals(expect.evaluatorOutputs(),
                        decode(gl, el, circuit.evaluatorOutputs(), dLo, dHi), "evaluator outputs");
                gateId = g.nextGateId();
            }
        }
    }

    private static boolean[] decode(long[] g, long[] e, int[] slots, long dLo, long dHi) {
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
