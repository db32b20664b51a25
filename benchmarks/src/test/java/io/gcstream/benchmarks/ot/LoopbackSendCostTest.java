package io.gcstream.benchmarks.ot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoopbackSendCostTest {
    @Test
    void aSenderProcessReportsEveryRoundsKernelAndCpuTime() throws Exception {
        double[][] r = LoopbackSendCost.oneSender(2, 4, 65536);
        assertEquals(2, r.length);
        assertEquals(2, r[0].length);
        for (int k = 0; k < 2; k++) {
            double sys = r[0][k];
            double cpu = r[1][k];
            assertTrue(Double.isFinite(sys) && Double.isFinite(cpu), "round " + k);
            // User time counts in 10 ms ticks, so system = CPU - user is off by up to a tick:
            // 10 ms over the round's 4 MB is 80 ns per 32 bytes.
            double tick = 10e6 / (4e6 / 32);
            assertTrue(cpu > 0 && sys >= -tick && sys <= cpu + tick, "round " + k + ": " + sys + " / " + cpu);
        }
    }

    @Test
    void rejectsNonPositiveSizes() {
        assertThrows(IllegalArgumentException.class, () -> LoopbackSendCost.main(new String[] {"--rounds", "0"}));
        assertThrows(IllegalArgumentException.class, () -> LoopbackSendCost.main(new String[] {"--piece", "-1"}));
        assertThrows(IllegalArgumentException.class, () -> LoopbackSendCost.main(new String[] {"--what"}));
    }
}
