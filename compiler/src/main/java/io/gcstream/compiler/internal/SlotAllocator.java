package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.Body;
import java.util.Arrays;

/**
 * Maps the wires of a {@link GateList} to slots, reusing a slot as soon as its wire is dead.
 *
 * <p>Liveness, the definition the whole compiler uses: the inputs get slots {@code 0..n-1}
 * first; an input never read (and not an output) is freed right after. Then, per instruction
 * in order: the slots of the wires whose <em>last use</em> is this instruction are freed
 * <em>first</em>, then the instruction's results get the lowest free slots. So a gate may
 * write into a slot one of its own inputs just vacated — safe because every engine reads a
 * gate's inputs before writing its output, and a call copies its arguments into the callee's
 * frame before it copies any result back. A result never read is freed right after its
 * instruction. Outputs of the list stay live to the end.
 *
 * <p>With lowest-free-first reuse, the number of slots {@code S} is exactly the maximum over
 * these points of the number of simultaneously live wires (an interval-graph colouring):
 * the minimum for this instruction order. The free slots are a tree of bits
 * ({@link FreeSlots}), so finding the lowest touches a word per level, not a scan from slot 0.
 *
 * <p>Precondition: no instruction reads a constant wire (the {@link Optimizer} guarantees it).
 */
public final class SlotAllocator {
    /** The allocated body with its input and output slots and S. */
    public record Allocation(Body body, int[] inputSlots, int[] outputSlots, int numSlots) {
    }

    private SlotAllocator() {
    }

    public static Allocation allocate(GateList g) {
        int[] code = g.code();
        int[] lastUse = new int[g.wireCount()];
        Arrays.fill(lastUse, -1);
        int index = 0;
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc), index++) {
            int from = pc + (code[pc] >= 0 ? 2 : 3);
            int to = code[pc] >= 0 ? pc + 4 : from + code[pc + 1];
            for (int i = from; i < to; i++) {
                if (GateList.isConstant(code[i])) {
                    throw new IllegalArgumentException("instruction " + index
                            + " reads a constant wire: optimise the list first");
                }
                lastUse[code[i]] = index;
            }
        }
        int[] outputs = g.outputs();
        for (int w : outputs) {
            if (GateList.isConstant(w)) {
                throw new IllegalArgumentException("constant output: optimise the list first");
            }
            lastUse[w] = Integer.MAX_VALUE;
        }

        int[] slot = new int[g.wireCount()];
        Arrays.fill(slot, -1);
        FreeSlots free = new FreeSlots();
        int[] inputs = g.inputs();
        int[] inputSlots = new int[inputs.length];
        free.reserve(inputs.length);
        for (int i = 0; i < inputs.length; i++) {
            slot[inputs[i]] = i;
            inputSlots[i] = i;
        }
        for (int w : inputs) {
            if (lastUse[w] < 0) {
                free.free(slot[w]);
                lastUse[w] = Integer.MIN_VALUE; // an input listed twice is freed once
            }
        }

        Body.Builder body = new Body.Builder();
        index = 0;
        int[] args = new int[16];
        for (int pc = 0; pc < g.length(); pc += GateList.instructionLength(code, pc), index++) {
            if (code[pc] >= 0) {
                int a = slot[code[pc + 2]];
                int b = slot[code[pc + 3]];
                release(code[pc + 2], index, lastUse, slot, free);
                release(code[pc + 3], index, lastUse, slot, free);
                int o = free.take();
                int w = code[pc + 1];
                slot[w] = o;
                body.gate(o, a, b, code[pc]);
                if (lastUse[w] < 0) {
                    free.free(o);
                }
            } else {
                int nIn = code[pc + 1];
                int nOut = code[pc + 2];
                if (args.length < nIn + nOut) {
                    args = new int[nIn + nOut];
                }
                for (int i = 0; i < nIn; i++) {
                    args[i] = slot[code[pc + 3 + i]];
                }
                for (int i = 0; i < nIn; i++) {
                    release(code[pc + 3 + i], index, lastUse, slot, free);
                }
                for (int j = 0; j < nOut; j++) {
                    int o = free.take();
                    slot[code[pc + 3 + nIn + j]] = o;
                    args[nIn + j] = o;
                }
                for (int j = 0; j < nOut; j++) {
                    int w = code[pc + 3 + nIn + j];
                    if (lastUse[w] < 0) {
                        free.free(slot[w]);
                    }
                }
                body.call(-code[pc] - 1, Arrays.copyOf(args, nIn), Arrays.copyOfRange(args, nIn, nIn + nOut));
            }
        }
        int[] outputSlots = new int[outputs.length];
        for (int i = 0; i < outputs.length; i++) {
            outputSlots[i] = slot[outputs[i]];
        }
        return new Allocation(body.build(), inputSlots, outputSlots, free.high());
    }

    /** Frees the slot of {@code w} if this instruction is its last use (once, even if read twice). */
    private static void release(int w, int index, int[] lastUse, int[] slot, FreeSlots free) {
        if (lastUse[w] == index) {
            free.free(slot[w]);
            lastUse[w] = Integer.MIN_VALUE;
        }
    }
}
