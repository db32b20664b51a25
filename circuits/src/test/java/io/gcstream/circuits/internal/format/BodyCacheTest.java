package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.gcstream.circuits.internal.Body;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class BodyCacheTest {
    private static Body body(int gates) {
        Body.Builder b = new Body.Builder();
        for (int i = 0; i < gates; i++) {
            b.gate(0, 0, 0, 3);
        }
        return b.build();
    }

    @Test
    void evictsLeastRecentlyUsedWithinTheInstructionBound() throws IOException {
        Body[] bodies = {body(4), body(4), body(4), body(20)};
        int[] loads = new int[4];
        BodyCache cache = new BodyCache(10, i -> {
            loads[i]++;
            return bodies[i];
        });
        assertSame(bodies[0], cache.get(0));
        assertSame(bodies[1], cache.get(1));
        cache.get(0);                 // 0 is now the most recent
        cache.get(2);                 // 4+4+4 > 10: evicts 1
        assertEquals(8, cache.cachedInstructions());
        cache.get(0);
        cache.get(1);                 // reloaded; evicts 2
        assertEquals(1, loads[0]);
        assertEquals(2, loads[1]);
        assertEquals(1, loads[2]);
        cache.get(3);                 // larger than the bound: never cached
        cache.get(3);
        assertEquals(2, loads[3]);
        assertEquals(8, cache.cachedInstructions());
    }
}
