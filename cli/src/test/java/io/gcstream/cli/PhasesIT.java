package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.cli.GcProcess.Done;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the built gc jar prints on stderr: nothing but warnings and errors by default, the
 * command's phases and their times with --verbose (Phases), the protocol's steps too with
 * --debug.
 */
class PhasesIT {
    private static final String OUTPUT = "evaluator output  (128 bits): 0x3925841d02dc09fbdc118597196a0b32";

    @TempDir
    Path dir;

    @Test
    void quietByDefaultPhasesWithVerboseProtocolStepsWithDebug() throws Exception {
        Done quiet = run();
        assertEquals(0, quiet.status(), quiet.err());
        assertTrue(quiet.out().contains(OUTPUT), quiet.out());
        assertEquals("", quiet.err(), "nothing on stderr by default");

        Done verbose = run("--verbose");
        assertEquals(0, verbose.status(), verbose.err());
        assertEquals(quiet.out(), verbose.out(), "the results are the same");
        for (String phase : new String[] {"gc: INFO  Phases: read the circuit (38784 gates, 6400 non-linear",
                "Phases: creator: session set-up (hello, base OTs) ", "Phases: evaluator: run 1 of 2: input labels ",
                "Phases: creator: runs 2 to 2, median: "}) {
            assertTrue(verbose.err().contains(phase), phase + " in\n" + verbose.err());
        }
        assertFalse(verbose.err().contains("DEBUG"), verbose.err());

        Done debug = run("--debug");
        assertEquals(0, debug.status(), debug.err());
        assertTrue(debug.err().contains("gc: DEBUG GcSession: evaluator session with 127.0.0.1:"), debug.err());
        assertTrue(debug.err().contains("gc: DEBUG OtExtensionSender: OT extension sender set up"), debug.err());
        assertTrue(debug.err().contains("Phases: evaluator: run 1 of 2"), debug.err());
        assertFalse(debug.err().contains("TRACE"), "per-run detail stays at TRACE: " + debug.err());
    }

    private Done run(String... flags) throws Exception {
        List<String> args = new ArrayList<>(List.of(flags));
        args.addAll(List.of("run", "--local", "--repeat", "2", "--creator-input", "0x2b7e151628aed2a6abf7158809cf4f3c",
                "--evaluator-input", "0x3243f6a8885a308d313198a2e0370734", "lib:aes128"));
        ProcessBuilder pb = new ProcessBuilder(GcProcess.gcCommand(List.of(), args));
        pb.environment().remove(LogConfigurator.LEVEL_VARIABLE);
        return GcProcess.start(pb, dir).finish(120);
    }
}
