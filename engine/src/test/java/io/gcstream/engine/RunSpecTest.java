package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.testing.RandomCircuits;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunSpecTest {
    private final Circuit c = RandomCircuits.generate(new Random(2), 6, 5, 4, 3, 40);

    @Test
    void plainSpecIsAllFreshAndDecoded() {
        RunSpec s = RunSpec.of(c);
        assertEquals(6, s.freshBits(Party.CREATOR));
        assertEquals(5, s.freshBits(Party.EVALUATOR));
        assertEquals(4, s.decodedBits(Party.CREATOR));
        assertEquals(3, s.decodedBits(Party.EVALUATOR));
        assertTrue(s.kept().isEmpty());
    }

    @Test
    void freshSegmentsMergeAndTheRestIsFresh() {
        RunSpec s = RunSpec.builder(c).fresh(Party.CREATOR, 2).fresh(Party.CREATOR, 1).build();
        assertEquals(1, s.inputs(Party.CREATOR).size());
        assertEquals(6, s.inputs(Party.CREATOR).get(0).width());
        assertEquals(RunSpec.of(c).inputs(Party.EVALUATOR), s.inputs(Party.EVALUATOR));
    }

    @Test
    void keptRangesAreCheckedAndCounted() {
        RunSpec s = RunSpec.builder(c).keep(Party.CREATOR, 1, 3).keep(Party.EVALUATOR).build();
        assertEquals(2, s.decodedBits(Party.CREATOR));
        assertEquals(0, s.decodedBits(Party.EVALUATOR));
        assertTrue(s.isKept(Party.CREATOR, 2));
        assertFalse(s.isKept(Party.CREATOR, 3));
        assertThrows(IllegalArgumentException.class, () -> RunSpec.builder(c).keep(Party.CREATOR, 2, 5));
        assertThrows(IllegalArgumentException.class, () -> RunSpec.builder(c).keep(Party.CREATOR, 2, 2));
        IllegalArgumentException overlap = assertThrows(IllegalArgumentException.class,
                () -> RunSpec.builder(c).keep(Party.CREATOR, 0, 2).keep(Party.CREATOR, 1, 4));
        assertTrue(overlap.getMessage().contains("overlap"), overlap.getMessage());
    }

    @Test
    void inputsMayNotExceedTheCircuit() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunSpec.builder(c).fresh(Party.EVALUATOR, 4).fresh(Party.EVALUATOR, 2));
        assertTrue(e.getMessage().contains("would have 6 bits but the circuit takes 5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RunSpec.builder(c).fresh(Party.CREATOR, -1));
    }
}
