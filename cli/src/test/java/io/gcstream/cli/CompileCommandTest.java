package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@code gc compile -o} writes (issue 26, findings 2 and 13). */
class CompileCommandTest {
    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    /** A compiled circuit is public: written with the umask's permissions, like any new file. */
    @Test
    void aCompiledCircuitFollowsTheUmask(@TempDir Path dir) throws IOException {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"));
        Path reference = Files.createFile(dir.resolve("reference"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-")));
        for (String name : new String[] {"a.gcb", "a.gct", "a.mec", "a.bmec"}) {
            CliTestSupport.Outcome o = gc("compile", "lib:hamming8", "-o", dir.resolve(name).toString());
            assertEquals(0, o.status(), o.err());
            assertEquals(mode(reference), mode(dir.resolve(name)), name);
        }
    }

    /** A symbolic link stays a link: the file it leads to gets the circuit. */
    @Test
    void aLinkLeadsToTheFileWritten(@TempDir Path dir) throws IOException {
        Path real = dir.resolve("real.gcb");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.gcb"), real);
        CliTestSupport.Outcome o = gc("compile", "lib:hamming8", "-o", link.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(Files.isSymbolicLink(link), "the link was replaced");
        assertEquals(0, gc("compile", "lib:hamming8", "-o", dir.resolve("plain.gcb").toString()).status());
        assertArrayEquals(Files.readAllBytes(dir.resolve("plain.gcb")), Files.readAllBytes(real));
    }

    /** A FIFO is written through, as a user who names one means: it stays a FIFO. */
    @Test
    void aFifoIsWrittenThrough(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe");
        assumeTrue(CliTestSupport.command("mkfifo", fifo.toString()) == 0, "mkfifo failed");
        CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliTestSupport.Outcome o = gc("compile", "lib:hamming8", "--to", "gcb", "-o", fifo.toString());
        byte[] got;
        try {
            got = reader.get(20, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            try (OutputStream release = Files.newOutputStream(fifo)) {
                release.flush(); // lets the reader go
            }
            throw new AssertionError("nothing was written into the FIFO: " + o, e);
        }
        assertEquals(0, o.status(), o.err());
        assertTrue(((Integer) Files.getAttribute(fifo, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000) == 0010000,
                "still a FIFO");
        assertEquals(0, gc("compile", "lib:hamming8", "-o", dir.resolve("plain.gcb").toString()).status());
        assertArrayEquals(Files.readAllBytes(dir.resolve("plain.gcb")), got);
    }

    @Test
    void aDirectoryOrAMissingDirectoryIsAUserError(@TempDir Path dir) {
        CliTestSupport.Outcome o = gc("compile", "lib:hamming8", "--to", "gcb", "-o", dir.toString());
        assertEquals(2, o.status(), o.err());
        assertEquals("gc: -o " + dir + " is a directory", o.err().strip());
        o = gc("compile", "lib:hamming8", "-o", dir.resolve("no/such/x.gcb").toString());
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().strip().endsWith("does not exist"), o.err());
    }
}
