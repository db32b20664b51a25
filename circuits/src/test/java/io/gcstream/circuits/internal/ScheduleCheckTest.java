package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.circuits.testing.ScheduleCheck;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ScheduleCheckTest {
    @Test
    void randomScheduledCircuitsKeepTheContractForAnyTeam() throws Exception {
        Random r = new Random(5);
        for (int lanes : new int[] {1, 5, 40}) {
            Circuit c = RandomCircuits.scheduled(r, lanes, 1 + r.nextInt(10));
            for (int pieces = 1; pieces <= 6; pieces++) {
                ScheduleCheck.check(c, pieces);
            }
        }
    }

    /**
     * Two gates, the second reading the first's output, stated as independent pieces of one
     * segment: the check names the slot; a count stated wrong, and a circuit without a
     * schedule, are refused too.
     */
    @Test
    void aScheduleThatBreaksTheContractIsRefused() throws Exception {
        int[][] gates = {{2, 0, 1, TruthTable.AND}, {3, 2, 1, TruthTable.AND}};
        Body.Builder b = new Body.Builder();
        for (int[] g : gates) {
            b.gate(g[0], g[1], g[2], g[3]);
        }
        Circuit plain = Circuits.builder().creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(3).numSlots(4)
                .body(b.build()).build();
        IllegalStateException dependent = assertThrows(IllegalStateException.class,
                () -> ScheduleCheck.check(withSchedule(plain, gates, 1), 2));
        assertTrue(dependent.getMessage().contains("writes slot 2"), dependent.getMessage());
        IllegalStateException miscounted = assertThrows(IllegalStateException.class,
                () -> ScheduleCheck.check(withSchedule(plain, gates, 0), 2));
        assertTrue(miscounted.getMessage().contains("non-linear"), miscounted.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ScheduleCheck.check(plain, 2));
    }

    /** {@code plain} with a schedule of one segment, gate k in piece k, each stating {@code stated} non-linear gates. */
    private static Circuit withSchedule(Circuit plain, int[][] gates, int stated) {
        class Source implements BodySource, Schedule {
            @Override
            public InstructionReader open() throws java.io.IOException {
                return Circuits.openBody(plain);
            }

            @Override
            public int maxSegmentNonLinear() {
                return 2;
            }

            @Override
            public Piece open(int pieces, int piece) {
                return new Piece() {
                    private int segments;
                    private boolean done;

                    @Override
                    public boolean nextSegment() {
                        return segments++ == 0;
                    }

                    @Override
                    public int nonLinearBefore() {
                        return piece * stated;
                    }

                    @Override
                    public int nonLinear() {
                        return stated;
                    }

                    @Override
                    public int segmentNonLinear() {
                        return 2 * stated;
                    }

                    @Override
                    public int gates(int[] ops, int off, int max) {
                        if (done || piece >= gates.length) {
                            return 0;
                        }
                        done = true;
                        System.arraycopy(gates[piece], 0, ops, off, 4);
                        return 1;
                    }
                };
            }
        }
        return Circuits.of(new int[] {0}, new int[] {1}, new int[0], new int[] {3}, 4, List.of(),
                plain.instructionCount(), plain.gateCount(), plain.nonLinearCount(), plain.labelSlots(), new Source(), null);
    }
}
