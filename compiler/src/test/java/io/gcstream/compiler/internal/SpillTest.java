package io.gcstream.compiler.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpillTest {
    @TempDir
    Path dir;

    private static long[] values(Random rnd, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            switch (rnd.nextInt(4)) {
                case 0 -> v[i] = rnd.nextInt(128);
                case 1 -> v[i] = rnd.nextInt() & 0x7FFFFFFF;
                case 2 -> v[i] = rnd.nextLong();
                default -> v[i] = rnd.nextInt(1 << 14);
            }
        }
        return v;
    }

    private static void write(Spill s, long[] v) {
        for (long x : v) {
            if (x >= 0 && x <= Integer.MAX_VALUE) {
                s.write((int) x);
            } else {
                s.write(x);
            }
        }
    }

    private static void readBoth(Spill s, long[] v) {
        Spill.Forward f = s.forward();
        for (long x : v) {
            assertEquals(x, f.readLong());
        }
        assertFalse(f.hasMore());
        Spill.Backward b = s.backward();
        for (int i = v.length - 1; i >= 0; i--) {
            assertEquals(v[i], b.readLong(), "value " + i);
        }
        assertFalse(b.hasMore());
    }

    @Test
    void readsBackAndForthInMemoryAndOnDisk() {
        Random rnd = new Random(3);
        for (int n : new int[] {0, 1, 100, 600_000}) {
            long[] v = values(rnd, n);
            String old = System.setProperty(Spill.DIRECTORY_PROPERTY, dir.toString());
            try (Spill s = new Spill("test")) {
                write(s, v);
                s.finish();
                assertEquals(n == 600_000, s.onDisk(), "only the large one spills to a file");
                readBoth(s, v);
                readBoth(s, v); // any number of times
            } finally {
                restore(old);
            }
        }
    }

    @Test
    void theFileIsUnlinkedAtOnce() throws Exception {
        String old = System.setProperty(Spill.DIRECTORY_PROPERTY, dir.toString());
        try (Spill s = new Spill("test")) {
            write(s, values(new Random(5), 400_000));
            assertTrue(s.onDisk());
            try (Stream<Path> left = Files.list(dir)) {
                assertEquals(0, left.count(), "nothing under the spill directory while the spill is in use");
            }
            s.finish();
            readBoth(s, values(new Random(5), 400_000));
        } finally {
            restore(old);
        }
    }

    @Test
    void aFullDiskIsAClearError() {
        String old = System.setProperty(Spill.DIRECTORY_PROPERTY, dir.toString());
        try (Spill s = new Spill("the main circuit", 3 << 20)) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
                for (int i = 0; i < 10_000_000; i++) {
                    s.write(i);
                }
            });
            String m = e.getCause().getMessage();
            assertTrue(m.contains("the main circuit") && m.contains(dir.toString())
                    && m.contains("No space left on device") && m.contains(Spill.DIRECTORY_PROPERTY), m);
        } finally {
            restore(old);
        }
    }

    @Test
    void aMissingDirectoryIsAClearError() {
        String old = System.setProperty(Spill.DIRECTORY_PROPERTY, dir.resolve("no/such/dir").toString());
        try (Spill s = new Spill("the main circuit")) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
                for (int i = 0; i < 1_000_000; i++) {
                    s.write(i);
                }
            });
            assertTrue(e.getCause().getMessage().contains("cannot create a spill file"), e.getCause().getMessage());
        } finally {
            restore(old);
        }
    }

    private static void restore(String old) {
        if (old == null) {
            System.clearProperty(Spill.DIRECTORY_PROPERTY);
        } else {
            System.setProperty(Spill.DIRECTORY_PROPERTY, old);
        }
    }
}
