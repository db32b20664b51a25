package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.StreamingGarblerTest.Pipe;
import io.gcstream.circuits.testing.RandomCircuits;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compiled batches ({@link GateCode}, run by {@link CodeWalker}) garble and evaluate exactly as
 * the batches run gate by gate: the same tables, byte for byte, and the same labels, on random
 * circuits with heavy slot reuse and calls, with hash batches so small that levels are cut by
 * their size; and a compiled party works with a peer that is not.
 */
class CodeWalkerTest {

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void compiledBatchesGiveTheStreamAndLabelsOfGateByGate(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(1234 + s.ordinal());
        for (int c = 0; c < 40; c++) {
            Circuit circuit = c % 3 == 0 ? RandomCircuits.parted(r, 1 + r.nextInt(6), 20 + r.nextInt(200))
                    : RandomCircuits.generate(r, 1 + r.nextInt(8), r.nextInt(8), r.nextInt(6),
                            1 + r.nextInt(6), 50 + r.nextInt(4000));
            int capacity = switch (c % 4) {
                case 0 -> scheme.garbleBlocks();
                case 1 -> 3 * scheme.garbleBlocks() + 1;
                default -> TweakableHash.DEFAULT_CAPACITY;
            };
            check(scheme, circuit, capacity, r);
        }
    }

    private static void check(GarblingScheme scheme, Circuit circuit, int capacity, Random r)
            throws Exception {
        boolean[] x = RandomCircuits.bits(r, circuit.creatorInputCount());
        boolean[] y = RandomCircuits.bits(r, circuit.evaluatorInputCount());
        Simulator.Result expect = Simulator.run(circuit, x, y);
        long dLo = r.nextLong() | 1;
        long dHi = r.nextLong();
        long[] zero = new long[2 * (int) circuit.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        // Gate by gate: the reference stream and labels.
        Pipe plain = new Pipe();
        StreamingGarbler g0 = garbler(scheme, capacity, circuit, dLo, dHi, plain, zero);
        new CircuitWalker(circuit).walk(g0);
        g0.finish();
        byte[] stream = Arrays.copyOf(plain.data, plain.size);

        // Compiled, three walks of one CodeWalker: the first compiles and keeps, the others run
        // what it kept; each gives the reference stream and labels.
        CodeWalker gw = new CodeWalker(circuit, Long.MAX_VALUE);
        CodeWalker ew = new CodeWalker(circuit, Long.MAX_VALUE);
        for (int walk = 0; walk < 3; walk++) {
            Pipe pipe = new Pipe();
            StreamingGarbler g = garbler(scheme, capacity, circuit, dLo, dHi, pipe, zero);
            gw.walk(g, null);
            g.finish();
            assertTrue(gw.keeps());
            assertArrayEquals(stream, Arrays.copyOf(pipe.data, pipe.size), "walk " + walk);
            assertArrayEquals(g0.labels(), g.labels(), "walk " + walk);
            assertEquals(g0.nextGateId(), g.nextGateId());
            assertEquals(g0.gateCount(), g.gateCount());

            // The evaluator, compiled or not, on the compiled garbler's stream.
            for (boolean compiled : new boolean[] {true, false}) {
                pipe.pos = 0;
                StreamingEvaluator e = new StreamingEvaluator(scheme, new TweakableHash(capacity),
                        circuit.labelSlots(), 100, pipe);
                long[] el = e.labels();
                place(el, circuit.creatorInputs(), zero, x, dLo, dHi);
                place(el, circuit.evaluatorInputs(), zero, y, dLo, dHi);
                if (compiled) {
                    ew.walk(e, null);
                } else {
                    new CircuitWalker(circuit).walk(e);
                }
                assertEquals(pipe.size, pipe.pos);
                assertArrayEquals(expect.creatorOutputs(), StreamingGarblerTest.decode(g.labels(), el,
                        circuit.creatorOutputs(), dLo, dHi));
                assertArrayEquals(expect.evaluatorOutputs(), StreamingGarblerTest.decode(g.labels(), el,
                        circuit.evaluatorOutputs(), dLo, dHi));
            }
        }
    }

    /** A walk over the budget is not kept, and is run gate by gate. */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void aWalkOverTheBudgetIsNotKept(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Circuit circuit = RandomCircuits.generate(new Random(5), 4, 4, 3, 4, 3000);
        CodeWalker w = new CodeWalker(circuit, circuit.gateCount() - 1);
        Pipe pipe = new Pipe();
        w.walk(garbler(scheme, TweakableHash.DEFAULT_CAPACITY, circuit, 1, 0, pipe,
                new long[2 * (int) circuit.labelSlots()]), null);
        assertFalse(w.keeps());
    }

    private static StreamingGarbler garbler(GarblingScheme scheme, int capacity, Circuit circuit,
            long dLo, long dHi, Pipe pipe, long[] zero) {
        StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(capacity),
                circuit.labelSlots(), dLo, dHi, 100, pipe);
        System.arraycopy(zero, 0, g.labels(), 0, zero.length);
        return g;
    }

    private static void place(long[] labels, int[] slots, long[] zero, boolean[] bits, long dLo, long dHi) {
        for (int i = 0; i < slots.length; i++) {
            int k = slots[i];
            labels[2 * k] = zero[2 * k] ^ (bits[i] ? dLo : 0);
            labels[2 * k + 1] = zero[2 * k + 1] ^ (bits[i] ? dHi : 0);
        }
    }
}
