package io.gcstream.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The minimum between two real processes, each started as the README shows. */
class MinimumOfValuesTest {
    private static Process start(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(System.getProperty("java.home") + File.separator + "bin"
                + File.separator + "java", "-cp", System.getProperty("java.class.path"),
                MinimumOfValues.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    @Test
    void twoProcessesFindTheMinimum() throws Exception {
        Random r = new Random(21);
        int n = 1200;
        List<String> c = new ArrayList<>();
        List<String> e = new ArrayList<>();
        long min = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            long a = r.nextInt(1 << 20);
            long b = r.nextInt(1 << 20);
            min = Math.min(min, Math.min(a, b));
            c.add(Long.toString(a));
            e.add(Long.toString(b));
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> ca = new ArrayList<>(List.of("creator", Integer.toString(port)));
        ca.addAll(c);
        List<String> ea = new ArrayList<>(List.of("evaluator", "127.0.0.1:" + port));
        ea.addAll(e);
        Process creator = start(ca.toArray(new String[0]));
        Process evaluator = start(ea.toArray(new String[0]));
        for (Process p : new Process[] {evaluator, creator}) {
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "process did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), out);
            assertEquals("minimum: " + min, out.strip());
        }
    }
}
