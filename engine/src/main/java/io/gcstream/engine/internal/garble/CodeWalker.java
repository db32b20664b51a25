package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Walks a circuit into a one-thread gate loop ({@link StreamingGarbler},
 * {@link StreamingEvaluator}). A walk that fits a budget is compiled batch by batch into
 * {@link GateCode}, which is kept, and later walks of the circuit run the kept code: no body is
 * read, no call expanded and no batch compiled again. A larger walk, and any other gate loop,
 * gets the walker's batches as they come. The loop gets the same batches either way, so a party that runs
 * kept code and a peer that walks stay in step.
 *
 * <p>Memory: the kept code, at most six ints a walked gate and in practice three to four, for a
 * walk of at most {@code budgetGates} gates; nothing for a larger one. Sizing costs one pass
 * over the main body, without expanding calls, the first time, and only for a circuit whose
 * gate count fits the budget. A walk that fails keeps nothing. Not thread-safe, except that
 * once {@link #keeps()} is true any number of threads may walk the kept code at once, each into
 * a one-thread loop of its own.
 */
public final class CodeWalker {
    private final Circuit circuit;
    private final CircuitWalker walker;
    private final long budgetGates;
    /**
     * Null until a walk completes and is kept; then read-only, and shared by threads that run
     * the circuit at once, each into a loop of its own (volatile: such a thread may start while
     * the first walk compiles, and then walks on a walker of its own).
     */
    private volatile GateCode[] kept;
    /** Whether the walk fits the budget, once sized; null before. */
    private Boolean fits;

    /**
     * @param budgetGates the most walked gates (copy gates of calls included) whose code is
     *                    kept; 0 keeps nothing
     */
    public CodeWalker(Circuit circuit, long budgetGates) {
        if (budgetGates < 0) {
            throw new IllegalArgumentException("negative budget " + budgetGates);
        }
        this.circuit = circuit;
        this.walker = new CircuitWalker(circuit);
        this.budgetGates = budgetGates;
    }

    /** Whether later walks run kept code. */
    public boolean keeps() {
        return kept != null;
    }

    /**
     * One pass over the circuit into {@code loop}; {@code progress} (or null) is told the gates
     * of each batch once the loop has run it.
     */
    public void walk(GateLoop loop, IntConsumer progress) throws IOException {
        if (!(loop instanceof GateQueue q)) {
            walker.walk(progress == null ? loop : (ops, count) -> {
                loop.gates(ops, count);
                progress.accept(count);
            });
            return;
        }
        GateCode[] k = kept;
        if (k != null) {
            for (GateCode c : k) {
                q.run(c);
                if (progress != null) {
                    progress.accept(c.gates);
                }
            }
            return;
        }
        if (fits == null) {
            fits = circuit.gateCount() <= budgetGates && CircuitWalker.gatesWalked(circuit) <= budgetGates;
        }
        if (!fits) {
            walker.walk(progress == null ? loop : (ops, count) -> {
                loop.gates(ops, count);
                progress.accept(count);
            });
            return;
        }
        GateCode.Compiler compiler = q.compiler();
        GateCode code = q.newCode();
        List<GateCode> keep = new ArrayList<>();
        walker.walk((ops, count) -> {
            compiler.compile(ops, count, code);
            keep.add(code.copy());
            q.run(code);
            if (progress != null) {
                progress.accept(count);
            }
        });
        kept = keep.toArray(new GateCode[0]);
    }
}
