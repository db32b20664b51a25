package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.circuits.CircuitFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GctLinesTest {
    /** Lines on both sides of the read buffer's edge, CR before LF dropped, offsets after each line. */
    @Test
    void linesAcrossTheBufferEdgeSplitAsLfOrCrlf() throws IOException {
        List<String> want = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int len = 8185; len < 8200; len++) {
            String l = "x".repeat(len - 3) + "\u00e9" + len % 10; // a two-byte character: len bytes
            want.add(l);
            text.append(l).append(len % 2 == 0 ? "\r\n" : "\n");
            ends.add(text.toString().getBytes(StandardCharsets.UTF_8).length);
        }
        text.append("last");
        want.add("last");
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        ends.add(bytes.length);
        GctLines lines = new GctLines("t", new ByteArrayInputStream(bytes), 8200);
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), lines.next());
            assertEquals((long) ends.get(i), lines.offset());
        }
        assertNull(lines.next());
        assertEquals(want.size(), lines.lineNo());
    }

    @Test
    void aLineOfTheBoundIsReadAndOneByteMoreIsRefused() throws IOException {
        GctLines ok = new GctLines("t", new ByteArrayInputStream(("a\n" + "b".repeat(100) + "\n").getBytes(
                StandardCharsets.US_ASCII)), 100);
        assertEquals("a", ok.next());
        assertEquals("b".repeat(100), ok.next());
        for (String tail : new String[] {"b\n", "\r\n", "bbbbbbbbbb"}) {
            GctLines over = new GctLines("t", new ByteArrayInputStream(("a\n" + "b".repeat(100) + tail).getBytes(
                    StandardCharsets.US_ASCII)), 100);
            over.next();
            CircuitFormatException e = assertThrows(CircuitFormatException.class, over::next);
            assertEquals("t:2: line is longer than 100 bytes (is this a text circuit?)", e.getMessage());
        }
    }
}
