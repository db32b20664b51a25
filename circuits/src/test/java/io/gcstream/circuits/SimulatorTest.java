package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatorTest {
    /** A ripple-carry adder of two n-bit numbers built from a full-adder sub-circuit. */
    static Circuit adder(int n) {
        // full adder: inputs a=0 b=1 c=2; outputs sum=3 carry=4 (5 slots)
        Body fa = new Body.Builder()
                .gate(3, 0, 1, TruthTable.XOR)      // t = a ^ b
                .gate(4, 0, 1, TruthTable.AND)      // ab
                .gate(0, 3, 2, TruthTable.AND)      // (a^b)c, in place over a
                .gate(4, 4, 0, TruthTable.OR)       // carry
                .gate(3, 3, 2, TruthTable.XOR)      // sum, in place
                .build();
        Circuits.Builder b = Circuits.builder();
        SubCircuit full = SubCircuit.of("fa", new int[] {0, 1, 2}, new int[] {3, 4}, 5, fa, List.of());
        b.addSubCircuit(full);
        // slots: a = 0..n-1, b = n..2n-1, carry = 2n, sums = 2n+1 .. 3n
        int carry = 2 * n;
        Body.Builder main = new Body.Builder().gate(carry, 0, 0, TruthTable.ZERO);
        int[] sums = new int[n + 1];
        for (int i = 0; i < n; i++) {
            main.call(0, new int[] {i, n + i, carry}, new int[] {2 * n + 1 + i, carry});
            sums[i] = 2 * n + 1 + i;
        }
        sums[n] = carry;
        int[] a = new int[n];
        int[] bb = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
            bb[i] = n + i;
        }
        return b.creatorInputs(a).evaluatorInputs(bb).evaluatorOutputs(sums).creatorOutputs(sums)
                .numSlots(3 * n + 1).body(main.build()).build();
    }

    static boolean[] bits(long v, int n) {
        boolean[] b = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = ((v >> i) & 1) != 0;
        }
        return b;
    }

    @Test
    void adderAddsAllFourBitPairs() throws IOException {
        Circuit c = adder(4);
        assertEquals(1 + 4 * 5, c.gateCount()); // the ZERO gate, then 5 gates per full adder
        assertEquals(4 * 3, c.nonLinearCount()); // ZERO is linear; 2 AND + 1 OR per adder
        assertEquals(13 + 5, c.labelSlots());
        for (int x = 0; x < 16; x++) {
            for (int y = 0; y < 16; y++) {
                Simulator.Result r = Simulator.run(c, bits(x, 4), bits(y, 4));
                assertArrayEquals(bits(x + y, 5), r.evaluatorOutputs(), x + "+" + y);
                assertArrayEquals(r.evaluatorOutputs(), r.creatorOutputs());
            }
        }
    }

    @Test
    void wrongInputLengthIsRejected() {
        Circuit c = adder(2);
        assertThrows(IllegalArgumentException.class, () -> Simulator.run(c, new boolean[1], new boolean[2]));
        assertThrows(IllegalArgumentException.class, () -> Simulator.run(c, new boolean[2], new boolean[3]));
    }
}
