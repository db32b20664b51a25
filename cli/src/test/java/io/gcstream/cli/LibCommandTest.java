package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.compiler.lib.Library;
import org.junit.jupiter.api.Test;

class LibCommandTest {
    @Test
    void listsEveryLibraryFamilyWithItsInputsAndOutputs() {
        CliTestSupport.Outcome o = gc("lib");
        assertEquals(0, o.status(), o.err());
        for (Library.Entry e : Library.entries()) {
            assertTrue(o.out().contains("\n" + e.pattern() + "\n"), e.pattern() + " missing in " + o.out());
            assertTrue(o.out().contains(e.evaluatorInput()), o.out());
        }
        assertTrue(o.out().contains("hamming<n>"), o.out());
    }

    @Test
    void jsonNamesEveryFamily() {
        CliTestSupport.Outcome o = gc("lib", "--json");
        assertEquals(0, o.status(), o.err());
        com.fasterxml.jackson.databind.JsonNode circuits = CliTestSupport.json(o.out()).get("circuits");
        assertEquals(Library.entries().size(), circuits.size(), o.out());
        for (int i = 0; i < circuits.size(); i++) {
            Library.Entry e = Library.entries().get(i);
            assertEquals(e.pattern(), circuits.get(i).get("name").asText());
            for (String f : new String[] {"summary", "creatorInput", "evaluatorInput", "outputs"}) {
                assertTrue(circuits.get(i).get(f).isTextual(), f + ": " + o.out());
            }
        }
    }

    @Test
    void unknownAndOutOfRangeNamesAreUserErrors() {
        CliTestSupport.Outcome unknown = gc("info", "lib:des");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("see gc lib"), unknown.err());
        CliTestSupport.Outcome zero = gc("info", "lib:hamming0");
        assertEquals(2, zero.status());
        assertTrue(zero.err().startsWith("gc: library circuit 'hamming0'"), zero.err());
    }
}
