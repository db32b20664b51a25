package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BodyReader}'s bulk {@code nextGates} against its own {@code next()}, and against the
 * interface's default {@code nextGates} (which only uses {@code next()}), on random bodies with
 * calls, for batch sizes from 1 up.
 */
class BodyReaderTest {

    /** The instruction stream as strings, read one at a time. */
    static List<String> oneByOne(InstructionReader r) throws IOException {
        List<String> seen = new ArrayList<>();
        while (r.next()) {
            seen.add(describe(r));
        }
        return seen;
    }

    /** The instruction stream as strings, read with nextGates(max). */
    static List<String> inBulk(InstructionReader r, int max) throws IOException {
        List<String> seen = new ArrayList<>();
        int[] ops = new int[4 * max + 8];
        while (true) {
            int n = r.nextGates(ops, 8, max);
            if (n < 0) {
                return seen;
            }
            for (int k = 0; k < n; k++) {
                int i = 8 + 4 * k;
                seen.add("gate " + ops[i + 3] + " " + ops[i] + " " + ops[i + 1] + " " + ops[i + 2]);
            }
            if (n > 0 && !r.isCall()) {
                // The last gate written is the current instruction.
                assertEquals(seen.get(seen.size() - 1), describe(r));
            }
            if (n < max && r.isCall()) {
                seen.add(describe(r));
            }
        }
    }

    private static String describe(InstructionReader r) {
        if (!r.isCall()) {
            return "gate " + r.table() + " " + r.out() + " " + r.in1() + " " + r.in2();
        }
        StringBuilder b = new StringBuilder("call " + r.callee());
        for (int k = 0; k < r.callSlotCount(); k++) {
            b.append(' ').append(r.callSlots()[k]);
        }
        return b.toString();
    }

    /** Hides BodyReader's override, so the interface's default method runs. */
    private static InstructionReader defaultBulk(InstructionReader r) {
        return new InstructionReader() {
            @Override
            public boolean next() throws IOException {
                return r.next();
            }

            @Override
            public boolean isCall() {
                return r.isCall();
            }

            @Override
            public int table() {
                return r.table();
            }

            @Override
            public int out() {
                return r.out();
            }

            @Override
            public int in1() {
                return r.in1();
            }

            @Override
            public int in2() {
                return r.in2();
            }

            @Override
            public int callee() {
                return r.callee();
            }

            @Override
            public int[] callSlots() {
                return r.callSlots();
            }

            @Override
            public int callSlotCount() {
                return r.callSlotCount();
            }

            @Override
            public String position() {
                return r.position();
            }

            @Override
            public void close() throws IOException {
                r.close();
            }
        };
    }

    @Test
    void bulkReadsGiveTheSameStreamAsNext() throws IOException {
        Random rnd = new Random(5);
        for (int trial = 0; trial < 40; trial++) {
            Circuit c = RandomCircuits.generate(rnd, 1 + rnd.nextInt(4), 1 + rnd.nextInt(300));
            List<String> expect;
            try (InstructionReader r = c.openBody()) {
                expect = oneByOne(r);
            }
            for (int max : new int[] {1, 2, 3, 7, 64, 1024}) {
                try (InstructionReader r = c.openBody()) {
                    assertEquals(expect, inBulk(r, max), "override, max " + max);
                }
                try (InstructionReader r = defaultBulk(c.openBody())) {
                    assertEquals(expect, inBulk(r, max), "default, max " + max);
                }
            }
        }
    }

    @Test
    void anEmptyBodyEndsAtOnce() throws IOException {
        Circuit c = RandomCircuits.generate(new Random(1), 0, 0);
        try (InstructionReader r = c.openBody()) {
            assertEquals(-1, r.nextGates(new int[8], 0, 2));
        }
    }
}
