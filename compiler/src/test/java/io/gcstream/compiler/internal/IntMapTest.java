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
        for (int i = 0; i < 100_000; i++) {
            int key = rnd.nextInt(5000);
            int bits = 1 << rnd.nextInt(32);
            int before = ref.getOrDefault(key, 0);
            if (rnd.nextBoolean()) {
                assertEquals(before, m.orBits(key, bits));
                ref.put(key, before | bits);
            } else {
                assertEquals(ref.containsKey(key) ? before : 0, m.clearBits(key, bits));
                if (ref.containsKey(key)) {
                    if ((before & ~bits) == 0) {
                        ref.remove(key);
                    } else {
                        ref.put(key, before & ~bits);
                    }
                }
            }
            assertEquals(ref.getOrDefault(key, -1), m.get(key, -1));
            assertEquals(ref.size(), m.size());
        }
        m.clear();
        assertEquals(0, m.size());
        assertEquals(-1, m.get(ref.keySet().iterator().next(), -1));
    }
}
