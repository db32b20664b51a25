package io.gcstream.circuits.internal.format;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import org.junit.jupiter.api.Test;

/**
 * Jazzer finds a fuzz target's seeds in the resource folder named after the test class, in its
 * package: a class moved to another package without its folder silently fuzzes from nothing
 * and replays no regression inputs. This pins each circuit reader's folder to its class.
 */
class FuzzSeedFoldersTest {
    @Test
    void everyReaderTargetHasItsSeedsNextToItsClass() throws URISyntaxException {
        for (Class<?> target : new Class<?>[] {GctReaderFuzzTest.class, GcbReaderFuzzTest.class,
                MecReaderFuzzTest.class, BmecReaderFuzzTest.class, CircuitFilesFuzzTest.class}) {
            URL folder = target.getResource(target.getSimpleName() + "Inputs/read");
            assertNotNull(folder, target.getName() + ": no seed folder " + target.getSimpleName() + "Inputs/read");
            String[] seeds = new File(folder.toURI()).list((dir, name) -> name.startsWith("seed-"));
            assertTrue(seeds != null && seeds.length > 0, target.getName() + ": no seeds in " + folder);
        }
    }
}
