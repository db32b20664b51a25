package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.internal.TruthTable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Packing of control bits per batch: layout, round trip, and reuse across batches. */
class ControlBitsTest {
    @Test
    void fiveBitsPerGateLowBitFirst() throws Exception {
        ControlBits c = new ControlBits(5, 8);
        c.put(0b10011);
        c.put(0b00101);
        c.put(0b11111);
        byte[] out = {-1, -1, -1, -1};
        assertEquals(2, c.take(out, 1));
        // bits: 10011 | 00101 << 5 | 11111 << 10 = 0b111110010110011, two bytes; the bytes
        // around them are left alone.
        assertArrayEquals(new byte[] {-1, (byte) 0b10110011, (byte) 0b01111100, -1}, out);
    }

    @Test
    void roundTripForEveryWidthAndBatchSize() throws Exception {
        Random r = new Random(3);
        for (int bits = 1; bits <= 8; bits++) {
            ControlBits g = new ControlBits(bits, 1024);
            ControlBits e = new ControlBits(bits, 1024);
            for (int batch = 0; batch < 20; batch++) {
                int count = 1 + r.nextInt(1024);
                int[] ops = new int[4 * count];
                int nonLinear = 0;
                for (int i = 0; i < count; i++) {
                    ops[4 * i + 3] = r.nextInt(16);
                    nonLinear += TruthTable.isLinear(ops[4 * i + 3]) ? 0 : 1;
                }
                int[] v = new int[nonLinear];
                for (int k = 0; k < nonLinear; k++) {
                    v[k] = r.nextInt(1 << bits);
                    g.put(v[k] | (r.nextInt(4) << bits));  // bits above the width are ignored
                }
                assertEquals(nonLinear, ControlBits.nonLinearIn(ops, count));
                byte[] wire = new byte[g.bytesFor(nonLinear)];
                assertEquals((bits * nonLinear + 7) / 8, wire.length);
                assertEquals(wire.length, g.take(wire, 0));
                int[] pos = {0};
                e.read((a, off, len) -> {
                    System.arraycopy(wire, pos[0], a, off, len);
                    pos[0] += len;
                }, ops, count);
                assertEquals(wire.length, pos[0]);
                for (int k = 0; k < nonLinear; k++) {
                    assertEquals(v[k], e.get(), "width " + bits + ", gate " + k);
                }
            }
        }
    }
}
