package io.gcstream.cli;

import static io.gcstream.cli.CliTestSupport.gc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.engine.Scheme;
import org.junit.jupiter.api.Test;

/** The --scheme help of gc run and gc demo lists every registered scheme. */
class SchemeHelpTest {
    @Test
    void helpListsEverySchemeFromTheRegistry() {
        for (String command : new String[] {"run", "demo"}) {
            CliTestSupport.Outcome o = gc(command, "--help");
            assertEquals(0, o.status(), o.err());
            String help = o.out().replaceAll("\\s+", " ");
            for (Scheme s : Scheme.values()) {
                assertTrue(help.contains(s.wireName() + " (" + s.summary()), command + ": " + help);
            }
        }
    }
}
