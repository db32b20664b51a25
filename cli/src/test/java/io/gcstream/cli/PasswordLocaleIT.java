package io.gcstream.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, finding 1, as a user meets it: gc started in the POSIX locale (cron, systemd units,
 * most container images) with a Cyrillic password in the environment. The password's bytes are
 * put in the environment by {@code sh}'s {@code printf} with octal escapes, so what gc receives
 * does not depend on how this JVM encodes strings for a child's environment.
 */
class PasswordLocaleIT {
    /** "пароль" in UTF-8, as printf octal escapes. */
    private static final String CYRILLIC = "\\320\\277\\320\\260\\321\\200\\320\\276\\320\\273\\321\\214";

    /** gc with {@code args} in the POSIX locale, the variable {@code var} holding the Cyrillic password's bytes. */
    private static GcProcess.Done gcInPosixLocale(Path dir, String var, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c",
                var + "=\"$(printf '" + CYRILLIC + "')\" && export " + var + " && exec \"$0\" \"$@\""));
        cmd.addAll(GcProcess.gcCommand(List.of("-Xmx256m"), List.of(args)));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        String path = System.getenv("PATH");
        pb.environment().clear();
        pb.environment().put("PATH", path == null ? "/usr/bin:/bin" : path);
        pb.environment().put("LANG", "C");
        pb.environment().put("LC_ALL", "C");
        return GcProcess.start(pb, dir).finish(120);
    }

    /**
     * A state saved under a mangled password would open with any other password of its length:
     * the creator refuses it before connecting, in one line naming the password file option.
     */
    @Test
    void aStatePasswordTheLocaleCannotDecodeIsAUserError(@TempDir Path dir) throws Exception {
        GcProcess.Done d = gcInPosixLocale(dir, StateOptions.PASSWORD_ENV, "run", "--role", "creator",
                "--connect", "127.0.0.1:1", "--connect-timeout", "2", "--input", "1", "--keep-outputs", "evaluator",
                "--save-state", dir.resolve("c.state").toString(), "lib:millionaires8");
        assertEquals(2, d.status(), d.err());
        assertEquals(1, d.err().lines().count(), d.err());
        assertTrue(d.err().startsWith("gc: GC_STATE_PASSWORD holds bytes this process's locale cannot decode"),
                d.err());
        assertTrue(d.err().contains("give --state-password-file FILE"), d.err());
        assertFalse(Files.exists(dir.resolve("c.state")));
    }

    /** gc keygen with the same password as GC_TLS_PASSWORD: one line, exit 2, no key written. */
    @Test
    void aTlsPasswordTheLocaleCannotDecodeIsAUserError(@TempDir Path dir) throws Exception {
        GcProcess.Done d = gcInPosixLocale(dir, NetworkOptions.PASSWORD_ENV, "keygen", "--name", "a", "--out",
                dir.resolve("keys").toString());
        assertEquals(2, d.status(), d.err());
        assertEquals("gc: GC_TLS_PASSWORD: the TLS password must be printable ASCII (letters, digits, punctuation,"
                + " spaces): the JDK's PKCS#12 key stores refuse other characters", d.err().strip());
        assertFalse(Files.exists(dir.resolve("keys").resolve("a.p12")));
    }
}
