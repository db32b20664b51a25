package io.gcstream.engine.internal.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gcstream.engine.SessionState.StateFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFilesTest {
    /**
     * Issue 34, item 8: a state file is checked (regular, not a link) and then read; a link put
     * in its place between the two is refused, not read through.
     */
    @Test
    void aLinkSwappedInAfterTheCheckIsNotReadThrough(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("state");
        Files.writeString(file, "mine");
        Path other = dir.resolve("other");
        Files.writeString(other, "someone else's");
        assertArrayEquals("mine".getBytes(StandardCharsets.US_ASCII), StateFiles.bytes(file));
        StateFiles.beforeOpen = p -> {
            try {
                Files.delete(p);
                Files.createSymbolicLink(p, other);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        try {
            StateFileException e = assertThrows(StateFileException.class, () -> StateFiles.bytes(file));
            assertEquals(file + " is not a regular file", e.getMessage());
        } finally {
            StateFiles.beforeOpen = p -> {
            };
        }
    }
}
