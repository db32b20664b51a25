package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gcstream.circuits.internal.OutputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one output-file writer: atomic, never over a special file, umask for public files, no leftovers. */
class OutputFileTest {
    private static final OutputFile.Access PUBLIC = OutputFile.Access.PUBLIC;
    private static final OutputFile.Access SECRET = OutputFile.Access.SECRET;

    private static void write(Path p, OutputFile.Access a, String text) throws IOException {
        OutputFiles.write(p, a, f -> {
            f.stream().write(text.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }

    /** Files in {@code dir} other than {@code keep}: leftovers. */
    private static List<String> others(Path dir, String... keep) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !List.of(keep).contains(n)).sorted().toList();
        }
    }

    private static boolean posix(Path dir) throws IOException {
        return Files.getFileStore(dir).supportsFileAttributeView("posix");
    }

    private static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    private static Path fifo(Path dir, String name) throws Exception {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
            return null;
        }
        assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo failed");
        return p;
    }

    private static boolean isFifo(Path p) throws IOException {
        return ((Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000) == 0010000;
    }

    @Test
    void aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("out");
        write(p, PUBLIC, "first");
        IOException boom = new IOException("disk full");
        assertEquals(boom, assertThrows(IOException.class, () -> OutputFiles.write(p, SECRET, f -> {
            f.stream().write(new byte[100_000]);
            throw boom;
        })));
        assertEquals("first", Files.readString(p));
        assertEquals(List.of(), others(dir, "out"));
        try (OutputFile f = OutputFile.open(dir.resolve("never"), PUBLIC, OutputFile.Existing.REPLACE)) {
            f.stream().write(1);
        }
        assertEquals(List.of(), others(dir, "out"), "closed without a commit: nothing left");
    }

    @Test
    void aSecretIsOwnerOnlyAndAPublicFileFollowsTheUmaskOrKeepsTheReplacedFilesMode(@TempDir Path dir) throws IOException {
        assumeTrue(posix(dir));
        // What the umask makes of rw-rw-rw-, as any program that creates a file gets it.
        Path reference = Files.createFile(dir.resolve("reference"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-rw-rw-")));
        write(dir.resolve("public"), PUBLIC, "x");
        assertEquals(mode(reference), mode(dir.resolve("public")));
        write(dir.resolve("secret"), SECRET, "x");
        assertEquals("rw-------", mode(dir.resolve("secret")));
        Files.setPosixFilePermissions(dir.resolve("public"), PosixFilePermissions.fromString("rw-r-----"));
        write(dir.resolve("public"), PUBLIC, "y");
        assertEquals("rw-r-----", mode(dir.resolve("public")));
        Files.setPosixFilePermissions(dir.resolve("secret"), PosixFilePermissions.fromString("rw-rw-rw-"));
        write(dir.resolve("secret"), SECRET, "y");
        assertEquals("rw-------", mode(dir.resolve("secret")), "a secret replacing a file is owner-only still");
    }

    @Test
    void aFifoIsWrittenThroughForPublicContentAndRefusedForASecret(@TempDir Path dir) throws Exception {
        Path f = fifo(dir, "pipe");
        CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(f)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        write(f, PUBLIC, "through the pipe");
        assertArrayEquals("through the pipe".getBytes(StandardCharsets.UTF_8), reader.get(20, TimeUnit.SECONDS));
        assertTrue(isFifo(f), "still a FIFO");
        String m = assertThrows(OutputFile.TargetException.class, () -> write(f, SECRET, "Δ")).getMessage();
        assertEquals(f + " is a FIFO, not a regular file: a secret is written to a regular file only", m);
        assertTrue(isFifo(f));
        assertThrows(OutputFile.TargetException.class, () -> OutputFile.check(f, SECRET, OutputFile.Existing.REPLACE));
        assertEquals(List.of(), others(dir, "pipe"));
    }

    @Test
    void aDeviceIsNeverReplaced() throws Exception {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(devNull));
        assertTrue(assertThrows(OutputFile.TargetException.class, () -> write(devNull, SECRET, "secret"))
                .getMessage().contains("is a device"));
        write(devNull, PUBLIC, "discarded"); // written through: what -o /dev/null means
        assertFalse(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS));
        assertThrows(OutputFile.TargetException.class, () -> OutputFiles.move(Path.of("/nonexistent-source"), devNull));
    }

    @Test
    void aSymbolicLinkLeadsAPublicFileAndIsRefusedForASecret(@TempDir Path dir) throws IOException {
        Path real = dir.resolve("real");
        write(real, PUBLIC, "old");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        write(link, PUBLIC, "new");
        assertTrue(Files.isSymbolicLink(link), "the link stays");
        assertEquals("new", Files.readString(real));
        assertTrue(assertThrows(OutputFile.TargetException.class, () -> write(link, SECRET, "s")).getMessage()
                .contains("is a symbolic link"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new", Files.readString(real));
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("missing"));
        assertThrows(OutputFile.TargetException.class, () -> write(dangling, PUBLIC, "x"));
        assertFalse(Files.exists(dir.resolve("missing")));
    }

    @Test
    void directoriesMissingDirectoriesAndRefusedExistingFilesAreNamed(@TempDir Path dir) throws IOException {
        assertEquals(dir + " is a directory",
                assertThrows(OutputFile.TargetException.class, () -> write(dir, PUBLIC, "x")).getMessage());
        Path nowhere = dir.resolve("no/such/dir/out");
        assertTrue(assertThrows(OutputFile.TargetException.class, () -> OutputFile.check(nowhere, PUBLIC,
                OutputFile.Existing.REPLACE)).getMessage().contains("does not exist"));
        Path p = dir.resolve("p");
        write(p, PUBLIC, "kept");
        assertTrue(assertThrows(OutputFile.TargetException.class, () -> OutputFile.open(p, PUBLIC,
                OutputFile.Existing.REFUSE)).getMessage().contains("exists: refusing to overwrite it"));
        // A file that appears while a new one is written is not overwritten either.
        Path q = dir.resolve("q");
        try (OutputFile f = OutputFile.open(q, PUBLIC, OutputFile.Existing.REFUSE)) {
            f.stream().write(1);
            Files.writeString(q, "theirs");
            assertThrows(FileAlreadyExistsException.class, f::commit);
        }
        assertEquals("theirs", Files.readString(q));
        assertEquals(List.of(), others(dir, "p", "q"));
    }

    @Test
    void checkCreatesNothingAndSaysWhereALinkLeads(@TempDir Path dir) throws IOException {
        Path real = dir.resolve("real");
        write(real, PUBLIC, "x");
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        assertEquals(real.toRealPath(), OutputFile.check(link, PUBLIC, OutputFile.Existing.REPLACE));
        assertEquals(dir.resolve("new").toAbsolutePath(), OutputFile.check(dir.resolve("new"), SECRET,
                OutputFile.Existing.REFUSE));
        assertEquals(List.of("link", "real"), others(dir));
    }
}
