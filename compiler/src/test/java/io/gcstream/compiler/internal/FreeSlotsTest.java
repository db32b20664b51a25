package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class FreeSlotsTest {
    @Test
    void alwaysTakesTheLowestFreeSlotAndCountsTheHighest() {
        Random rnd = new Random(13);
        FreeSlots h = new FreeSlots();
        h.reserve(10);
        TreeSet<Integer> free = new TreeSet<>();
        TreeSet<Integer> taken = new TreeSet<>();
        for (int i = 0; i < 10; i++) {
            taken.add(i);
        }
        int high = 10;
        for (int i = 0; i < 200_000; i++) {
            if (!taken.isEmpty() && rnd.nextInt(5) < 2) {
                int s = rnd.nextBoolean() ? taken.first() : taken.last();
                taken.remove(s);
                free.add(s);
                h.free(s);
            } else {
                int want = free.isEmpty() ? high++ : free.pollFirst();
                assertEquals(want, h.take());
                taken.add(want);
            }
            assertEquals(high, h.high());
            assertEquals(taken.size(), h.inUse());
        }
    }
}
