package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import io.gcstream.circuits.internal.PatternBody;
import java.nio.file.Path;

/**
 * Streams a .gcb file's body and prints "instructions gates checksum nanos": run in a child
 * JVM with a small heap by {@link HugeStreamTest}.
 */
public final class StreamCheckMain {
    private StreamCheckMain() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        Circuit c = GcbReader.open(Path.of(args[0]));
        long n = 0;
        long h = 0;
        try (InstructionReader r = Circuits.openBody(c)) {
            while (r.next()) {
                h = PatternBody.mix(h, r.out(), r.in1(), r.in2(), r.table());
                n++;
            }
        }
        long t = System.nanoTime() - t0;
        System.out.println(n + " " + c.gateCount() + " " + h + " " + t);
    }
}
