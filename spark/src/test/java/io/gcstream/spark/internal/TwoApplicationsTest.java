package io.gcstream.spark.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.spark.examples.ExampleData;
import io.gcstream.spark.examples.WorkerPairsExample;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both parties as two local-mode Spark applications in two JVMs ({@link PartyMain}), over TLS
 * on loopback: both workloads for k = 1, 2, 3 against plain computations, with no secret of
 * the creator's in either party's event log, log or task closures; a slice whose task is killed
 * mid-job, redone; a peer whose tasks never come.
 */
class TwoApplicationsTest {
    @TempDir
    static Path dir;
    /** The creator's and the evaluator's JVMs, once for all tests. */
    private static Party[] p;

    /** What one party's JVM left: its lines, its log, and its working directory. */
    private record Party(int status, List<String> lines, Path work) {
    }

    @BeforeAll
    static void runBothParties() throws Exception {
        Path keys = Files.createDirectories(dir.resolve("keys"));
        WorkerPairsExample.makeKeys(keys, "test-password".toCharArray());
        Files.writeString(keys.resolve("password"), "test-password\n");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process[] proc = new Process[2];
        String[] roles = {"creator", "evaluator"};
        for (int i = 0; i < 2; i++) {
            Path work = Files.createDirectories(dir.resolve(roles[i]));
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect")
                            || a.startsWith("-Dio.netty") || a.startsWith("-XX:+IgnoreUnrecognized")).toList());
            cmd.addAll(List.of("-Xmx512m", "-Dlog4j2.configurationFile=" + TwoApplicationsTest.class
                    .getResource("/log4j2-parties.properties"), "-cp", System.getProperty("java.class.path"),
                    PartyMain.class.getName(), roles[i], keys.toString(), Integer.toString(port),
                    work.resolve("out").toString(), work.toString()));
            proc[i] = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve("log").toFile())
                    .start();
        }
        p = new Party[2];
        for (int i = 0; i < 2; i++) {
            if (!proc[i].waitFor(600, TimeUnit.SECONDS)) {
                proc[0].destroyForcibly();
                proc[1].destroyForcibly();
                throw new AssertionError(roles[i] + " did not end within 600 s; its log: " + tail(dir.resolve(roles[i])));
            }
            Path work = dir.resolve(roles[i]);
            List<String> lines = Files.exists(work.resolve("out")) ? Files.readAllLines(work.resolve("out")) : List.of();
            p[i] = new Party(proc[i].exitValue(), lines, work);
            assertEquals(0, p[i].status(), roles[i] + " failed: " + tail(work));
            assertEquals(8, lines.size(), roles[i] + ": " + lines + "\n" + tail(work));
        }
    }

    private static String tail(Path work) throws Exception {
        String log = Files.readString(work.resolve("log"));
        return log.substring(Math.max(0, log.length() - 4000));
    }

    private static String expectedAggregate(String scenario, int k) {
        long[] a = ExampleData.plainAggregate(k, PartyMain.aggregateRows(scenario, 0, k),
                PartyMain.aggregateRows(scenario, 1, k));
        return "min=" + a[0] + " sum=" + a[1] + " slices=" + k;
    }

    @Test
    void thePrfForOneTwoAndThreePairsIsAesUnderTheCreatorsKey() throws Exception {
        for (int k = 1; k <= 3; k++) {
            List<String> plain = ExampleData.plainPrf(PartyMain.KEY, k, PartyMain.prfRows(k));
            assertEquals("prf k=" + k + " " + String.join(",", plain), p[1].lines().get(2 * (k - 1)));
            assertEquals("prf k=" + k + " served", p[0].lines().get(2 * (k - 1)));
        }
    }

    @Test
    void theAggregateForOneTwoAndThreePairsIsTheMinimumAndSumOverBothParties() {
        for (int k = 1; k <= 3; k++) {
            for (Party party : p) {
                String line = party.lines().get(2 * k - 1);
                assertTrue(line.startsWith("aggregate k=" + k + " " + expectedAggregate("workloads", k) + " rounds=1"),
                        line);
            }
        }
    }

    @Test
    void aSliceWhoseTaskIsKilledIsRedoneByBothParties() {
        for (Party party : p) {
            String line = party.lines().get(6);
            assertTrue(line.startsWith("retry k=2 " + expectedAggregate("retry", 2) + " rounds="), line);
            assertTrue(Integer.parseInt(line.substring(line.indexOf("rounds=") + 7)) >= 2, "a second round: " + line);
        }
    }

    @Test
    void aPeerTaskThatNeverComesFailsBothJobsWithOneLine() {
        for (Party party : p) {
            assertTrue(party.lines().get(7).matches("missing k=2 failed: slice (\\d): the creator's task for slice \\1"
                    + " did not come within 5000 ms"), party.lines().get(7));
        }
        assertEquals(p[0].lines().get(7), p[1].lines().get(7), "both parties fail with the same line");
    }

    @Test
    void noSecretOfTheCreatorIsInAnEventLogALogOrATaskClosure() throws Exception {
        // The creator's secrets of every job: Δ and the halves' password of each aggregate, the AES key.
        List<byte[]> secrets = new ArrayList<>();
        for (String l : Files.readAllLines(p[0].work().resolve("secrets"))) {
            secrets.add(HexFormat.of().parseHex(l.split(" ")[1]));
        }
        secrets.add(PartyMain.KEY);
        assertEquals(5 * 2 + 3 + 1, secrets.size(), "Δ and password of 5 aggregates, the key of 3 PRFs");
        List<Path> searched = new ArrayList<>();
        for (Party party : p) {
            try (Stream<Path> files = Files.walk(party.work())) {
                files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("secrets"))
                        .forEach(searched::add);
            }
        }
        byte[] closures = Files.readAllBytes(p[0].work().resolve("closures.bin"));
        assertTrue(contains(closures, SliceTask.class.getName().getBytes(StandardCharsets.UTF_8)),
                "the dump holds the slice tasks' closures");
        assertTrue(searched.stream().filter(f -> f.toString().contains("events")).count() >= 2,
                "both event logs are searched");
        for (Path f : searched) {
            byte[] b = Files.readAllBytes(f);
            for (byte[] s : secrets) {
                for (byte[] form : forms(s)) {
                    assertTrue(!contains(b, form), f + " holds a secret of the creator's");
                }
            }
        }
    }

    /** The raw bytes, lower- and upper-case hex, and base64 of a secret. */
    private static List<byte[]> forms(byte[] s) {
        String hex = HexFormat.of().formatHex(s);
        return List.of(s, hex.getBytes(StandardCharsets.US_ASCII),
                hex.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII),
                Base64.getEncoder().encode(s));
    }

    private static boolean contains(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
