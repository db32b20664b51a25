package io.gcstream.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The version and commit this gc was built from, for {@code gc --version}. The build records
 * them ({@link #main}, run by the cli module's POM after compiling) in a resource next to this
 * class; the commit comes from {@code git} when the sources are a git checkout, else it is
 * {@value #UNKNOWN}, so a build without git works as well. Public only for the build step.
 */
public final class BuildInfo {
    static final String UNKNOWN = "unknown";
    private static final String RESOURCE = "build.properties";

    private BuildInfo() {
    }

    /** "VERSION (commit COMMIT)", or "development build" for classes not built by Maven. */
    static String describe() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return "development build";
            }
            p.load(in);
        } catch (IOException e) {
            return "development build";
        }
        return p.getProperty("version", UNKNOWN) + " (commit " + p.getProperty("commit", UNKNOWN) + ")";
    }

    /**
     * Build step: {@code OUTPUT VERSION SOURCE_DIR} writes the properties file OUTPUT with the
     * version and the commit of SOURCE_DIR's git checkout ({@value #UNKNOWN} without one).
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: BuildInfo OUTPUT VERSION SOURCE_DIR");
        }
        // Written by hand, not by Properties.store, which adds the date: same sources, same jar.
        Path out = Path.of(args[0]);
        Files.createDirectories(out.getParent());
        Files.writeString(out, "version=" + args[1] + "\ncommit=" + commit(Path.of(args[2])) + "\n",
                StandardCharsets.ISO_8859_1);
    }

    /** HEAD's abbreviated hash, "-dirty" if tracked files differ from it; {@value #UNKNOWN} without git. */
    static String commit(Path dir) {
        String head = git(dir, "rev-parse", "--short=12", "HEAD");
        if (head == null || !head.matches("[0-9a-f]{7,40}")) {
            return UNKNOWN;
        }
        String changes = git(dir, "status", "--porcelain", "--untracked-files=no");
        return changes == null || changes.isEmpty() ? head : head + "-dirty";
    }

    /** {@code git args} in {@code dir}: its trimmed output, or null if git is missing or fails. */
    private static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            return new String(out, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
