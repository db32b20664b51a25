package io.gcstream.engine;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.state.Half;
import io.gcstream.engine.internal.state.StateCipher;
import io.gcstream.engine.internal.state.StateFormat;
import io.gcstream.engine.internal.state.ValueOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing of the state-file reader {@link SessionState#read}: the only
 * acceptable failure is a {@link SessionState.StateFileException} whose message is one line
 * naming the file; a clear (evaluator's) state that reads must encode back to exactly the same
 * bytes (the format is canonical). Seeds: states made by {@link #seeds()}, clear and encrypted,
 * and the files under {@code SessionStateFuzzTestInputs/}; docs/security.md ("Fuzzing") gives
 * the long-run command.
 */
class SessionStateFuzzTest {
    private static final char[] PASSWORD = "fuzz".toCharArray();
    private static Path dir;

    private static synchronized Path dir() {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("gc-fuzz-state");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            dir.toFile().deleteOnExit();
        }
        return dir;
    }

    /** Valid state files of both roles (the creator's encrypted, cheaply): one and three saved values, with and without a predecessor. */
    static Stream<byte[]> seeds() {
        StateCipher.iterationsForTests(1);
        Random rnd = new Random(3);
        Stream.Builder<byte[]> out = Stream.builder();
        for (Party role : Party.values()) {
            for (int values : new int[] {1, 3}) {
                List<ValueOrigin> origins = new java.util.ArrayList<>();
                long[][] labels = new long[values][];
                for (int i = 0; i < values; i++) {
                    byte[] hash = new byte[32];
                    rnd.nextBytes(hash);
                    int width = 1 + rnd.nextInt(5);
                    origins.add(new ValueOrigin(hash, Party.values()[i & 1], rnd.nextInt(9), width));
                    labels[i] = rnd.longs(2L * width).toArray();
                }
                byte[] id = new byte[16];
                rnd.nextBytes(id);
                Half.Predecessor pred = values == 1 ? null : new Half.Predecessor(Path.of("/tmp/c1.state"), id, id);
                Half h = new Half(role, id, rnd.nextInt(1000), rnd.nextLong() | 1, rnd.nextLong(), origins, labels,
                        new byte[16], new byte[32], values == 1 ? Half.CURRENT : Half.USED, id, pred);
                out.add(StateFormat.encode(h, role == Party.CREATOR ? StateCipher.create(PASSWORD) : null));
            }
        }
        return out.build();
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void read(byte[] data) throws IOException {
        Path f = dir().resolve("input.state");
        Files.write(f, data);
        SessionState s;
        try {
            s = SessionState.read(f, PASSWORD);
        } catch (SessionState.StateFileException e) {
            String m = e.getMessage();
            if (m == null || !m.startsWith(f.toString()) || m.chars().anyMatch(Character::isISOControl)) {
                throw new AssertionError("not one line naming " + f + ": " + m, e);
            }
            return;
        }
        s.toString();
        s.origins().forEach(SessionState.Origin::toString);
        s.totalWidth();
        Half h = s.candidates().get(0);
        h.ownDigest();
        if (h.role() == Party.EVALUATOR && !Arrays.equals(StateFormat.encode(h, null), data)) {
            throw new AssertionError("a clear state that reads does not encode back to the same bytes");
        }
    }
}
