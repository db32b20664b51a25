package io.gcstream.compiler.bristol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.compiler.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Bristol file's import does not grow with the file: a chain of 10^5 gates and one of 10^6
 * (27 MB of text) import and simulate correctly in the same small heap, in child JVMs. The
 * heap could not hold the larger one's gates at 16 bytes each, nor a map of its wires.
 */
class BristolImporterHeapTest {
    private static final String HEAP = "24m";

    @TempDir
    Path dir;

    @Test
    void aTenTimesLongerFileImportsInTheSameHeap() throws Exception {
        for (long gates : new long[] {100_000, 1_000_000}) {
            Path f = dir.resolve("chain" + gates + ".txt");
            BristolChain.write(f, gates);
            ChildJvm.Result r = ChildJvm.run(HEAP, BristolChainMain.class, f.toString(), Long.toString(gates));
            assertEquals(0, r.status(), gates + " gates in -Xmx" + HEAP + ": " + r.output());
            assertTrue(r.output().endsWith("ok"), r.output());
            assertTrue(r.output().contains("S = 129"), r.output());
            Files.delete(f);
        }
    }
}
