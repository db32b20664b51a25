package io.gcstream.compiler.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A whole program in the intermediate representation: sub-circuit bodies (a call names one by
 * its index; a body may call only earlier ones) and the main list, whose inputs are the
 * creator's then the evaluator's and whose outputs likewise. {@link #compile()} optimises
 * every body separately, allocates slots and returns the checked {@link Circuit}.
 */
public final class Program {
    /**
     * A named sub-circuit body; {@code byLevel} orders its gates by AND depth
     * ({@link Reorder#byLevel}) instead of for the smallest working set.
     */
    public record Sub(String name, GateList body, boolean byLevel) {
        public Sub {
            Objects.requireNonNull(name);
            Objects.requireNonNull(body);
        }

        /** A body ordered for the smallest working set. */
        public Sub(String name, GateList body) {
            this(name, body, false);
        }
    }

    private final List<Sub> subs;
    private final GateList main;
    private final int creatorInputs;
    private final int creatorOutputs;

    /**
     * @param creatorInputs  how many of {@code main}'s first inputs are the creator's
     * @param creatorOutputs how many of {@code main}'s first outputs are the creator's
     */
    public Program(List<Sub> subs, GateList main, int creatorInputs, int creatorOutputs) {
        this.subs = List.copyOf(subs);
        this.main = Objects.requireNonNull(main);
        if (creatorInputs < 0 || creatorInputs > main.inputCount()
                || creatorOutputs < 0 || creatorOutputs > main.outputs().length) {
            throw new IllegalArgumentException("creator input/output counts out of range");
        }
        this.creatorInputs = creatorInputs;
        this.creatorOutputs = creatorOutputs;
    }

    public List<Sub> subs() {
        return subs;
    }

    public GateList main() {
        return main;
    }

    /** How many of the main list's first inputs are the creator's. */
    public int creatorInputCount() {
        return creatorInputs;
    }

    /** How many of the main list's first outputs are the creator's. */
    public int creatorOutputCount() {
        return creatorOutputs;
    }

    /**
     * Optimises, allocates and checks: the result is ready to run or to write. Each body keeps
     * its optimised order or takes the {@link Reorder#depthFirst} order, whichever needs fewer
     * slots, except a body marked {@link Sub#byLevel}, which is ordered by AND depth.
     */
    public Circuit compile() {
        return compile(true);
    }

    /**
     * As {@link #compile()}; with {@code reorder} false the instructions keep the order in which
     * they were written (after optimisation).
     */
    public Circuit compile(boolean reorder) {
        return compile(reorder, -1);
    }

    /**
     * As {@link #compile(boolean)}; besides, a body without calls takes the
     * {@link Reorder#byLevel} order when that needs at most {@code levelSlack} more slots than
     * the order that needs the fewest ({@code -1}: never). For flat circuits, such as Bristol
     * files, whose smallest-S order makes the engines hash one AND at a time.
     */
    public Circuit compile(boolean reorder, int levelSlack) {
        Circuits.Builder cb = Circuits.builder();
        for (Sub s : subs) {
            cb.addSubCircuit(compileSub(s, cb.subCircuits(), reorder, levelSlack));
        }
        SlotAllocator.Allocation a = allocate(Optimizer.optimize(main), reorder, levelSlack);
        int[] in = a.inputSlots();
        int[] out = a.outputSlots();
        return cb.creatorInputs(Arrays.copyOf(in, creatorInputs))
                .evaluatorInputs(Arrays.copyOfRange(in, creatorInputs, in.length))
                .creatorOutputs(Arrays.copyOf(out, creatorOutputs))
                .evaluatorOutputs(Arrays.copyOfRange(out, creatorOutputs, out.length))
                .numSlots(a.numSlots())
                .body(a.body())
                .build();
    }

    /**
     * One sub-circuit, optimised and allocated in memory as {@link #compile(boolean, int)} does;
     * {@code earlier} are the definitions before it, which it may call.
     */
    public static SubCircuit compileSub(Sub s, List<SubCircuit> earlier, boolean reorder, int levelSlack) {
        GateList body = Optimizer.optimize(s.body());
        SlotAllocator.Allocation a = s.byLevel() ? SlotAllocator.allocate(Reorder.byLevel(body))
                : allocate(body, reorder, levelSlack);
        return SubCircuit.of(s.name(), a.inputSlots(), a.outputSlots(), a.numSlots(), a.body(), earlier);
    }

    private static SlotAllocator.Allocation allocate(GateList g, boolean reorder, int levelSlack) {
        SlotAllocator.Allocation best = SlotAllocator.allocate(g);
        if (reorder) {
            for (GateList order : new GateList[] {Reorder.depthFirst(g), Reorder.greedy(g)}) {
                SlotAllocator.Allocation a = SlotAllocator.allocate(order);
                if (a.numSlots() < best.numSlots()) {
                    best = a;
                }
            }
        }
        if (levelSlack >= 0 && !hasCalls(g)) {
            SlotAllocator.Allocation a = SlotAllocator.allocate(Reorder.byLevel(g));
            if (a.numSlots() <= (long) best.numSlots() + levelSlack) {
                best = a;
            }
        }
        return best;
    }

    private static boolean hasCalls(GateList g) {
        int[] code = g.code();
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc)) {
            if (code[pc] < 0) {
                return true;
            }
        }
        return false;
    }
}
