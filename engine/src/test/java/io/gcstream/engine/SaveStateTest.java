package io.gcstream.engine;

import static io.gcstream.engine.CounterSessions.session;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.gcstream.circuits.Party;
import io.gcstream.engine.CounterSessions.End;
import io.gcstream.engine.CounterSessions.Side;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 3: the two halves' save is one transaction. Kill either party at any step
 * of a save, or make either save fail: afterwards exactly one of the two pairs resumes — both
 * new halves, or both previous ones — whichever is resumed first, and never neither, never both.
 *
 * <p>The chain: session 1 starts the counter at 100 + 23 and saves c1/e1; session 2 resumes them,
 * adds 200 + 7 keeping the total garbled, and saves c2/e2, with a fault at one step on one
 * side. Then, on two copies of what is left, a session resumes the new pair and one the old
 * pair, in both orders, each decoding the total plus 5 + 6.
 */
class SaveStateTest {
    private static final long OLD = 100 + 23;
    private static final long NEW = OLD + 200 + 7;
    private static final long REVEAL = 5 + 6;

    @TempDir
    static Path root;
    private static Path chainStart;

    /** Session 1, once: c1 and e1, the state both later pairs continue or fall back to. */
    private static synchronized Path chainStart() throws Exception {
        if (chainStart == null) {
            Path d = Files.createDirectory(root.resolve("start"));
            End[] s = session(new Side(null, d.resolve("c1")), new Side(null, d.resolve("e1")), 100, 23);
            assertTrue(s[0].ok() && s[1].ok(), () -> "session 1 failed: " + s[0].error() + " / " + s[1].error());
            chainStart = d;
        }
        return chainStart;
    }

    /** How a fault ends a party: a failure it handles (an I/O error), or a kill (nothing after it runs). */
    enum Fault {
        FAIL, KILL
    }

    /** Stands for a process killed at a step: an Error, which no clean-up of the engine catches. */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;

        Killed(SaveHook.Step step) {
            super("killed at " + step);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyStepOfEitherPartyFailedOrKilled() {
        return everyCase(SaveStateTest::check);
    }

    /** One case: a fault of one party at one step. */
    private interface Case {
        void check(Party party, SaveHook.Step step, Fault fault) throws Exception;
    }

    /** Every step of either party, failed and killed. */
    private static Stream<DynamicTest> everyCase(Case c) {
        List<DynamicTest> tests = new ArrayList<>();
        for (Party party : Party.values()) {
            for (SaveHook.Step step : SaveHook.Step.values()) {
                for (Fault fault : Fault.values()) {
                    tests.add(dynamicTest(party + " " + fault + " at " + step, () -> c.check(party, step, fault)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(Party party, SaveHook.Step step, Fault fault) throws Exception {
        Path dir = copy(chainStart(), root.resolve(party + "-" + step + "-" + fault));
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build());
        SaveHook hook = fault(ch[party.ordinal()], step, fault);
        Side c = new Side(dir.resolve("c1"), dir.resolve("c2"), CounterSessions.O, party == Party.CREATOR ? hook : null);
        Side e = new Side(dir.resolve("e1"), dir.resolve("e2"), CounterSessions.O, party == Party.EVALUATOR ? hook : null);
        End[] save = CounterSessions.session(c, ch[0], e, ch[1], 200, 7);
        if (step == SaveHook.Step.COMMITTED && fault == Fault.FAIL || !save[0].ok() || !save[1].ok()) {
            // The injected fault happened: a side that failed says so in one line.
            for (End x : save) {
                if (!x.ok() && !(x.error() instanceof Killed)) {
                    assertEquals(1, x.error().getMessage().lines().count(), x.error().getMessage());
                }
            }
        }
        settled(dir, true);
        settled(dir, false);
    }

    /**
     * The same with the new halves saved over the files resumed (as {@code RunningMaximum}
     * does): afterwards the pair resumes, with the new total or the previous one.
     */
    @TestFactory
    Stream<DynamicTest> inPlaceEveryStepOfEitherPartyFailedOrKilled() {
        return everyCase(SaveStateTest::checkInPlace);
    }

    private static void checkInPlace(Party party, SaveHook.Step step, Fault fault) throws Exception {
        Path dir = copy(chainStart(), root.resolve("in-place-" + party + "-" + step + "-" + fault));
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(CounterSessions.O.timeout()).build());
        SaveHook hook = fault(ch[party.ordinal()], step, fault);
        Side c = new Side(dir.resolve("c1"), dir.resolve("c1"), CounterSessions.O, party == Party.CREATOR ? hook : null);
        Side e = new Side(dir.resolve("e1"), dir.resolve("e1"), CounterSessions.O, party == Party.EVALUATOR ? hook : null);
        CounterSessions.session(c, ch[0], e, ch[1], 200, 7);
        End[] r = session(new Side(dir.resolve("c1"), null), new Side(dir.resolve("e1"), null), 2, 9);
        assertTrue(r[0].ok() && r[1].ok(), () -> "the pair does not resume: " + r[0].error() + " / " + r[1].error());
        assertTrue(r[1].total() == OLD + 2 + 9 || r[1].total() == NEW + 2 + 9, "total " + r[1].total());
    }

    /** A hook that fails or kills its party (closing its end, as a dead process's connection closes) at {@code step}. */
    private static SaveHook fault(Channel mine, SaveHook.Step step, Fault fault) {
        return s -> {
            if (s != step) {
                return;
            }
            if (fault == Fault.FAIL) {
                throw new IOException("injected failure at " + s);
            }
            mine.close();
            throw new Killed(s);
        };
    }

    /**
     * On a copy of {@code dir}: resumes the new pair then the old one ({@code newFirst}) or the
     * other way round; exactly one resumes, with its total.
     */
    private static void settled(Path dir, boolean newFirst) throws Exception {
        Path d = copy(dir, dir.resolveSibling(dir.getFileName() + (newFirst ? "-new-first" : "-old-first")));
        String[][] pairs = newFirst ? new String[][] {{"c2", "e2"}, {"c1", "e1"}} : new String[][] {{"c1", "e1"}, {"c2", "e2"}};
        List<String> resumed = new ArrayList<>();
        List<String> why = new ArrayList<>();
        for (String[] p : pairs) {
            End[] r = session(new Side(d.resolve(p[0]), null), new Side(d.resolve(p[1]), null), 2, 9);
            if (r[0].ok() && r[1].ok()) {
                long expected = (p[0].equals("c2") ? NEW : OLD) + 2 + 9;
                assertEquals(expected, r[1].total(), p[0] + "/" + p[1] + " resumed a wrong total");
                resumed.add(p[0]);
            } else {
                assertFalse(r[0].ok() || r[1].ok(), p[0] + "/" + p[1] + ": one side resumed, the other not: "
                        + r[0].error() + " / " + r[1].error());
                why.add(p[0] + ": " + r[0].error().getMessage());
            }
        }
        assertEquals(1, resumed.size(), "exactly one pair must resume (" + (newFirst ? "new" : "old") + " first): "
                + resumed + ", refused: " + why + ", files: " + list(d));
    }

    /** A process really killed (SIGKILL) at one step of its save: the evaluator after it confirmed, the creator after marking. */
    @Test
    void aProcessKilledDuringItsSaveLeavesOnePairThatResumes() throws Exception {
        for (Object[] c : new Object[][] {{Party.EVALUATOR, SaveHook.Step.CONFIRMED}, {Party.CREATOR, SaveHook.Step.MARKED}}) {
            Party killed = (Party) c[0];
            SaveHook.Step step = (SaveHook.Step) c[1];
            Path dir = copy(chainStart(), root.resolve("process-" + killed + "-" + step));
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                        System.getProperty("java.class.path"), SaveKillHarness.class.getName(), killed.name(),
                        "" + server.getLocalPort(), dir.toString(), step.name());
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    Party here = killed.peer();
                    java.util.concurrent.CompletableFuture<End[]> mine = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try (Channel ch = Transport.plain().accept(server, ChannelOptions.builder()
                                .readTimeout(CounterSessions.O.timeout()).build())) {
                            Side side = SaveKillHarness.side(here, dir);
                            GcSession s = CounterSessions.open(here, side, ch);
                            try {
                                return new End[] {new End(CounterSessions.play(s, side, SaveKillHarness.input(here)), null)};
                            } catch (Exception e) {
                                return new End[] {new End(-1, e)};
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                    String line;
                    while ((line = out.readLine()) != null && !line.equals("AT " + step)) {
                        // the harness's other output, if any
                    }
                    assertEquals("AT " + step, line, "the harness did not reach " + step);
                    p.destroyForcibly(); // SIGKILL: no clean-up, no shutdown hook
                    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                    mine.get(60, TimeUnit.SECONDS);
                } finally {
                    p.destroyForcibly();
                }
            }
            settled(dir, true);
            settled(dir, false);
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path f : s.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    private static List<String> list(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted(Comparator.naturalOrder()).toList();
        }
    }
}
