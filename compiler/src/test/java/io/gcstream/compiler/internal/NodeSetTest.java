package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NodeSetTest {
    @Test
    void behavesAsASetUnderRandomAddsAndRemoves() {
        Random rnd = new Random(11);
        NodeSet s = new NodeSet();
        Set<Integer> ref = new HashSet<>();
        for (int i = 0; i < 400_000; i++) {
            int v = rnd.nextInt(4) == 0 ? rnd.nextInt(1 << 30) : i / 2 + rnd.nextInt(200);
            if (rnd.nextBoolean()) {
                assertEquals(ref.add(v), s.add(v));
            } else {
                assertEquals(ref.remove(v), s.remove(v));
            }
            assertEquals(ref.contains(v), s.contains(v));
            assertEquals(ref.size(), s.size());
        }
        for (int v : ref) {
            assertEquals(true, s.contains(v));
        }
    }
}
