package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IntMapTest {
    @Test
    void behavesAsAHashMapUnderRandomPutsAndRemoves() {
        Random rnd = new Random(7);
        IntMap m = new IntMap();
        Map<Integer, Integer> ref = new HashMap<>();
        for (int i = 0; i < 400_000; i++) {
            // runs of consecutive keys, far keys and repeats, as the compiler's live values come
            int key = rnd.nextInt(4) == 0 ? rnd.nextInt(1 << 30) : i / 3 + rnd.nextInt(50);
            switch (rnd.nextInt(3)) {
                case 0 -> assertEquals(ref.put(key, i) == null, m.put(key, i));
                case 1 -> assertEquals(ref.containsKey(key) ? ref.remove(key) : -1, m.remove(key, -1));
                default -> assertEquals(ref.getOrDefault(key, -1), m.get(key, -1));
            }
            assertEquals(ref.containsKey(key), m.contains(key));
            assertEquals(ref.size(), m.size());
        }
        for (Map.Entry<Integer, Integer> e : ref.entrySet()) {
            assertEquals(e.getValue(), m.get(e.getKey(), -1));
        }
        m.clear();
        assertEquals(0, m.size());
        assertEquals(-1, m.get(ref.keySet().iterator().next(), -1));
    }
}
