package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gcstream.ot.channel.TlsConfig;
import io.gcstream.ot.channel.TlsKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeygenCommandTest {
    static final String PASSWORD = "correct horse battery staple";

    static Path passwordFile(Path dir) throws Exception {
        Path p = dir.resolve("password");
        if (!Files.exists(p)) {
            Files.writeString(p, PASSWORD + "\n");
        }
        return p;
    }

    /** Keys for "creator" and "evaluator" in {@code dir}, each trusting the other, as in docs/security.md. */
    static void twoParties(Path dir) throws Exception {
        String pw = passwordFile(dir).toString();
        for (String name : new String[] {"creator", "evaluator"}) {
            CliTestSupport.Outcome o = gc("keygen", "--name", name, "--out", dir.resolve(name).toString(),
                    "--tls-password-file", pw);
            assertEquals(0, o.status(), o.err());
        }
        for (String[] p : new String[][] {{"creator", "evaluator"}, {"evaluator", "creator"}}) {
            CliTestSupport.Outcome o = gc("keygen", "--trust",
                    dir.resolve(p[1]).resolve(p[1] + ".crt").toString(),
                    "--out", dir.resolve(p[0]).resolve("truststore.p12").toString(), "--tls-password-file", pw);
            assertEquals(0, o.status(), o.err());
        }
    }

    @Test
    void makesAKeyAndCertificateThenATruststore(@TempDir Path dir) throws Exception {
        String pw = passwordFile(dir).toString();
        Path keys = dir.resolve("keys");
        CliTestSupport.Outcome o = gc("keygen", "--name", "creator", "--out", keys.toString(),
                "--tls-password-file", pw);
        assertEquals(0, o.status(), o.err());
        Path p12 = keys.resolve("creator.p12");
        Path crt = keys.resolve("creator.crt");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p12)));
        String fingerprint = TlsKeys.fingerprint(TlsKeys.readCertificate(crt));
        assertTrue(o.out().contains("SHA-256 fingerprint: " + fingerprint), o.out());
        assertTrue(o.out().contains("certificate of CN=creator, valid until "), o.out());

        Path trust = dir.resolve("peer").resolve("truststore.p12");
        o = gc("keygen", "--trust", crt.toString(), "--out", trust.toString(), "--tls-password-file", pw);
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("CN=creator, SHA-256 fingerprint " + fingerprint), o.out());

        TlsConfig c = TlsConfig.load(p12, trust, PASSWORD.toCharArray());
        assertEquals("CN=creator", c.identity());
    }

    @Test
    void twoPartiesTrustEachOther(@TempDir Path dir) throws Exception {
        twoParties(dir);
        TlsConfig creator = TlsConfig.load(dir.resolve("creator/creator.p12"),
                dir.resolve("creator/truststore.p12"), PASSWORD.toCharArray());
        assertEquals("CN=creator", creator.identity());
        assertEquals("CN=evaluator", creator.trusted().get(0).getSubjectX500Principal().getName());
    }

    @Test
    void mistakesAreUserErrors(@TempDir Path dir) throws Exception {
        String pw = passwordFile(dir).toString();
        Path junk = dir.resolve("junk.crt");
        Files.writeString(junk, "hello");
        assertEquals(0, gc("keygen", "--name", "a", "--out", dir.toString(), "--tls-password-file", pw).status());
        List<CliTestSupport.Outcome> cases = List.of(
                gc("keygen", "--out", dir.toString(), "--tls-password-file", pw),
                gc("keygen", "--name", "a", "--trust", junk.toString(), "--out", dir.toString(), "--tls-password-file", pw),
                gc("keygen", "--name", "a", "--tls-password-file", pw),
                gc("keygen", "--name", "a", "--out", dir.toString(), "--tls-password-file", pw),
                gc("keygen", "--name", "a b", "--out", dir.toString(), "--tls-password-file", pw),
                gc("keygen", "--name", "b", "--days", "0", "--out", dir.toString(), "--tls-password-file", pw),
                gc("keygen", "--trust", junk.toString(), "--out", dir.resolve("t.p12").toString(), "--tls-password-file", pw),
                gc("keygen", "--name", "c", "--out", dir.toString(), "--tls-password-file", dir.resolve("nofile").toString()),
                gc("keygen", "--name", "c", "--out", dir.toString()));
        boolean envPassword = System.getenv(NetworkOptions.PASSWORD_ENV) != null;
        for (CliTestSupport.Outcome o : envPassword ? cases.subList(0, 8) : cases) {
            assertEquals(2, o.status(), o.err());
            assertTrue(o.err().startsWith("gc: "), o.err());
            assertEquals(1, o.err().lines().count(), o.err());
        }
        assertTrue(cases.get(3).err().contains("a.p12 exists: refusing to overwrite it"), cases.get(3).err());
        assertTrue(cases.get(6).err().contains("not an X.509 certificate"), cases.get(6).err());
        if (!envPassword) {
            assertTrue(cases.get(8).err().contains("set GC_TLS_PASSWORD or give --tls-password-file"),
                    cases.get(8).err());
        }
        assertFalse(Files.exists(dir.resolve("t.p12")));
    }

    /**
     * Issue 26, findings 11 and 13: a password file is read once and at most 4 KiB of it, so
     * /dev/zero is refused rather than read until the heap is gone; a directory is a user error.
     */
    @Test
    void passwordFilesAreBoundedAndTheirMistakesAreUserErrors(@TempDir Path dir) throws Exception {
        Path big = Files.writeString(dir.resolve("big.txt"), "x".repeat(5000) + "\n");
        List<String> files = new java.util.ArrayList<>(List.of(dir.toString(), big.toString()));
        if (Files.exists(Path.of("/dev/zero"))) {
            files.add("/dev/zero");
        }
        for (String f : files) {
            CliTestSupport.Outcome o = gc("keygen", "--name", "a", "--out", dir.resolve("keys").toString(),
                    "--tls-password-file", f);
            assertEquals(2, o.status(), f + ": " + o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertTrue(o.err().startsWith("gc: --tls-password-file " + f + ": "), o.err());
            assertTrue(o.err().contains(f.equals(dir.toString()) ? "is a directory, not a file"
                    : "holds more than 4096 bytes, too many for a password file"), o.err());
        }
        assertFalse(Files.exists(dir.resolve("keys")));
    }

    /**
     * Issue 26, finding 12: on a disk that fills up between the key and the certificate, keygen
     * leaves neither file, so that a rerun (once there is room) makes both. Needs a small file
     * system of its own: a tmpfs, mounted where this test may (as root).
     */
    @Test
    void aFullDiskLeavesNeitherFileAndARerunMakesBoth(@TempDir Path dir) throws Exception {
        String pw = passwordFile(dir).toString();
        assertEquals(0, gc("keygen", "--name", "probe", "--out", dir.resolve("probe").toString(),
                "--tls-password-file", pw).status());
        long keyPages = (Files.size(dir.resolve("probe/probe.p12")) + 4095) / 4096;
        Path small = Files.createDirectory(dir.resolve("small"));
        assumeTrue(CliTestSupport.command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString()) == 0,
                "cannot mount a tmpfs here (not root?)");
        try {
            Path keys = Files.createDirectory(small.resolve("keys"));
            // Room for the key's pages and not one more: the certificate does not fit.
            Path filler = small.resolve("filler");
            Files.write(filler, new byte[(int) ((256 - keyPages) * 4096)]);
            CliTestSupport.Outcome full = gc("keygen", "--name", "creator", "--out", keys.toString(),
                    "--tls-password-file", pw);
            assertEquals(1, full.status(), full.err());
            assertEquals(1, full.err().lines().count(), full.err());
            assertTrue(full.err().contains("No space left on device"), full.err());
            try (java.util.stream.Stream<Path> s = Files.list(keys)) {
                assertEquals(List.of(), s.toList(), "nothing left behind");
            }
            Files.delete(filler);
            CliTestSupport.Outcome again = gc("keygen", "--name", "creator", "--out", keys.toString(),
                    "--tls-password-file", pw);
            assertEquals(0, again.status(), again.err());
            assertTrue(Files.size(keys.resolve("creator.crt")) > 0);
            try (java.io.InputStream in = Files.newInputStream(keys.resolve("creator.p12"))) {
                java.security.KeyStore.getInstance("PKCS12").load(in, PASSWORD.toCharArray());
            }
        } finally {
            CliTestSupport.command("umount", small.toString());
        }
    }
}
