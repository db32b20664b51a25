package io.gcstream.compiler.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The least S a slot circuit's main body could have in its own instruction order, found from
 * the body alone: every write of a slot starts a value, which occupies a slot from its write
 * until its last read (freed before the reading instruction's results are written, as the
 * allocator does), for that write alone if never read, or to the end if an output reads it;
 * the inputs occupy their slots from the start. An allocator that wastes no slot has exactly
 * this S.
 */
final class SlotLiveness {
    private SlotLiveness() {
    }

    static int maxLive(Circuit c) {
        List<int[]> ins = new ArrayList<>(); // per instruction: slots read, then -1, slots written
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                if (r.isCall()) {
                    int n = r.callSlotCount();
                    int nIn = Circuits.subCircuits(c).get(r.callee()).inputCount();
                    int[] x = new int[n + 1];
                    System.arraycopy(r.callSlots(), 0, x, 0, nIn);
                    x[nIn] = -1;
                    System.arraycopy(r.callSlots(), nIn, x, nIn + 1, n - nIn);
                    ins.add(x);
                } else {
                    ins.add(new int[] {r.in1(), r.in2(), -1, r.out()});
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int points = ins.size();
        int[] value = new int[c.numSlots()]; // slot -> value id holding it, -1 none
        Arrays.fill(value, -1);
        List<int[]> intervals = new ArrayList<>(); // {def, end (exclusive), 1 for an input}
        int[] in = concat(CircuitSlots.inputs(c, Party.CREATOR), CircuitSlots.inputs(c, Party.EVALUATOR));
        for (int s : in) {
            value[s] = intervals.size();
            intervals.add(new int[] {0, 0, 1});
        }
        for (int i = 0; i < points; i++) {
            int[] x = ins.get(i);
            int k = 0;
            for (; x[k] != -1; k++) {
                int[] iv = intervals.get(value[x[k]]);
                iv[1] = Math.max(iv[1], i); // freed before the results of i
            }
            for (k++; k < x.length; k++) {
                value[x[k]] = intervals.size();
                intervals.add(new int[] {i, i + 1, 0});
            }
        }
        for (int s : concat(CircuitSlots.outputs(c, Party.CREATOR), CircuitSlots.outputs(c, Party.EVALUATOR))) {
            intervals.get(value[s])[1] = points + 1;
        }
        int[] delta = new int[points + 2];
        for (int[] iv : intervals) {
            int end = iv[2] == 1 ? iv[1] : Math.max(iv[1], iv[0] + 1);
            delta[iv[0]]++;
            delta[Math.min(end, points + 1)]--;
        }
        int live = 0;
        int max = in.length;
        for (int i = 0; i <= points; i++) {
            live += delta[i];
            max = Math.max(max, live);
        }
        return max;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
