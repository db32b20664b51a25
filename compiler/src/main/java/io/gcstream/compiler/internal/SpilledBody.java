package io.gcstream.compiler.internal;

import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.BodySource;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.SubCircuit;
import java.lang.ref.Cleaner;
import java.util.List;

/**
 * A compiled main body in a {@link Spill}: every pass opens a reader that decodes it front to
 * back (several may read at once). The encoding is the one of the {@code .gcb} body (opcode,
 * then zigzag slot deltas for a gate, plain slots for a call; docs/formats.md), written by
 * {@link StreamCompiler}. The spill's file is private and unlinked, read only through the
 * channel the spill holds, so nothing can replace it under a running session; it is released
 * when this body becomes unreachable (a {@link Cleaner} closes the spill) or the process ends.
 */
final class SpilledBody implements BodySource {
    private static final Cleaner CLEANER = Cleaner.create();

    private final Spill spill;
    private final List<SubCircuit> subs;

    SpilledBody(Spill spill, List<SubCircuit> subs) {
        this.spill = spill;
        this.subs = subs;
        CLEANER.register(this, spill::close);
    }

    @Override
    public InstructionReader open() {
        return new Reader();
    }

    /** Decodes the body; the checking is the {@code GeneratedCircuit}'s around it. */
    private final class Reader extends AbstractInstructionReader {
        private final Spill.Forward in = spill.forward();
        private int prevOut;
        private long index;

        @Override
        public boolean next() {
            if (!in.hasMore()) {
                return false;
            }
            index++;
            int op = in.read();
            if (op < 32) {
                int o = prevOut + unzigzag(in.read());
                int a = o + unzigzag(in.read());
                int b = op < 16 ? o + unzigzag(in.read()) : a;
                gate(op & 15, o, a, b);
                prevOut = o;
                return true;
            }
            int callee = op - 32;
            SubCircuit s = subs.get(callee);
            int n = s.inputCount() + s.outputCount();
            int[] slots = call(callee, n);
            for (int i = 0; i < n; i++) {
                slots[i] = in.read();
            }
            return true;
        }

        @Override
        public String position() {
            return "instruction " + index + " of the compiled body";
        }
    }

    private static int unzigzag(int n) {
        return (n >>> 1) ^ -(n & 1);
    }
}
