package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.CircuitFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcbInputTest {
    @TempDir
    Path dir;

    @Test
    void varintsSurviveEveryBufferBoundaryAndTheDigestSeesEachByteOnce() throws IOException {
        Random rnd = new Random(1);
        int[] values = new int[5000];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        GcbOutput out = new GcbOutput(null, bytes, 64);
        for (int i = 0; i < values.length; i++) {
            values[i] = rnd.nextInt() >>> rnd.nextInt(32);
            out.u32(values[i]);
        }
        out.ulong(Long.MAX_VALUE);
        byte[] written = out.finish();
        Path f = dir.resolve("v.bin");
        Files.write(f, bytes.toByteArray());
        for (int buffer : new int[] {64, 65, 77, 4096}) {
            try (FileChannel ch = FileChannel.open(f)) {
                GcbInput in = new GcbInput("v.bin", ch, 0, Long.MAX_VALUE, GcbOutput.sha256(), buffer, "end");
                for (int v : values) {
                    assertEquals(v, in.u32());
                }
                assertEquals(Long.MAX_VALUE, in.ulong("count"));
                assertTrue(in.atEnd());
                MessageDigest d = in.digestSoFar();
                assertArrayEquals(written, d.digest());
            }
        }
    }

    @Test
    void rangeEndIsRespectedAndTruncationNamesTheOffset() throws IOException {
        Path f = dir.resolve("r.bin");
        Files.write(f, new byte[] {1, 2, (byte) 0x80, 3, 4});
        try (FileChannel ch = FileChannel.open(f)) {
            GcbInput in = new GcbInput("r.bin", ch, 1, 3, null, 64, "range ends");
            assertEquals(2, in.u32());
            CircuitFormatException e = assertThrows(CircuitFormatException.class, in::u32);
            assertEquals("r.bin: byte 3: range ends", e.getMessage());
        }
    }

    /** A slice is read once: its bytes reach the enclosing digest in order, the enclosing input resumes after it. */
    @Test
    void aSliceFeedsBothDigestsOnceAndTheInputContinuesAfterIt() throws IOException {
        byte[] data = new byte[300];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i % 100); // every byte a one-byte varint
        }
        byte[] whole = GcbOutput.sha256().digest(data);
        for (int buffer : new int[] {64, 100, 4096}) {
            for (int at : new int[] {0, 10, 63, 64, 150}) {
                for (int length : new int[] {0, 1, 60, 140}) {
                    GcbInput in = new GcbInput("s.bin", GcbInput.Source.of(data), 0, data.length,
                            GcbOutput.sha256(), buffer, "end");
                    for (int i = 0; i < at; i++) {
                        assertEquals(i % 100, in.u32());
                    }
                    GcbInput s = in.slice(length, GcbOutput.sha256(), 64, "slice ends");
                    for (int i = at; i < at + length; i++) {
                        assertEquals(i % 100, s.u32());
                    }
                    assertTrue(s.atEnd());
                    assertArrayEquals(GcbOutput.sha256().digest(java.util.Arrays.copyOfRange(data, at, at + length)),
                            s.digestSoFar().digest());
                    assertEquals(at + length, in.position());
                    for (int i = at + length; i < data.length; i++) {
                        assertEquals(i % 100, in.u32());
                    }
                    assertTrue(in.atEnd());
                    assertArrayEquals(whole, in.digestSoFar().digest(), buffer + " " + at + " " + length);
                }
            }
        }
    }
}
