package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildInfoTest {
    /** A folder that is no git checkout (or a machine without git) still builds: the commit is "unknown". */
    @Test
    void theCommitOfAFolderOutsideGitIsUnknown(@TempDir Path dir) throws Exception {
        assertEquals(BuildInfo.UNKNOWN, BuildInfo.commit(dir));
        Path out = dir.resolve("sub").resolve("build.properties");
        BuildInfo.main(new String[] {out.toString(), "9.8.7", dir.toString()});
        assertEquals("version=9.8.7\ncommit=unknown\n", Files.readString(out, StandardCharsets.ISO_8859_1));
    }

    /** The build ran the step before the tests: its record names this version and a commit. */
    @Test
    void theBuildRecordedVersionAndCommit() {
        String d = BuildInfo.describe();
        assertTrue(d.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)"), d);
    }
}
