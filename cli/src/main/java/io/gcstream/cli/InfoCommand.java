package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code gc info <circuit>}: sizes, counts, S, sub-circuits and hash. */
final class InfoCommand extends CircuitCommand {
    static final String DESCRIPTION = "Show a circuit's inputs, outputs, gate counts, S, sub-circuits and hash";

    @Parameter(names = "--json", description = "Machine-readable output")
    boolean json;

    @Override
    public int run(PrintStream out) throws Exception {
        CircuitSources.Loaded loaded = loaded("info");
        Circuit c = loaded.circuit();
        if (json) {
            Map<String, Object> m = describe(c);
            if (loaded.encodesLocally(Party.CREATOR)) {
                m.put("creatorValueBits", loaded.valueWidth(Party.CREATOR));
            }
            if (loaded.encodesLocally(Party.EVALUATOR)) {
                m.put("evaluatorValueBits", loaded.valueWidth(Party.EVALUATOR));
            }
            out.println(Json.of(m));
            return 0;
        }
        out.printf("inputs     creator %d bits%s, evaluator %d bits%s%n", c.creatorInputCount(),
                encoded(loaded, Party.CREATOR), c.evaluatorInputCount(), encoded(loaded, Party.EVALUATOR));
        out.printf("outputs    creator %d bits, evaluator %d bits%n", c.creatorOutputCount(),
                c.evaluatorOutputCount());
        out.printf("gates      %d (%d non-linear, %d linear)%n", c.gateCount(), c.nonLinearCount(),
                c.gateCount() - c.nonLinearCount());
        out.printf("slots      S = %d (labels held with call frames: %d)%n", c.numSlots(), c.labelSlots());
        out.printf("body       %d instructions%n", c.instructionCount());
        List<Circuit.SubCircuitInfo> subs = c.subCircuitInfo();
        out.printf("sub-circuits %d%n", subs.size());
        for (Circuit.SubCircuitInfo s : subs) {
            out.printf("  %-16s %d in, %d out, S = %d, %d instructions, %d gates (%d non-linear) per call%n",
                    s.name(), s.inputCount(), s.outputCount(), s.numSlots(), s.instructionCount(),
                    s.gateCount(), s.nonLinearCount());
        }
        out.printf("hash       %s%n", HexFormat.of().formatHex(c.hash()));
        return 0;
    }

    /** Says how a party's input bits are made from what it types, when that is not the identity. */
    private static String encoded(CircuitSources.Loaded loaded, Party party) {
        return loaded.encodesLocally(party) ? " (encoded locally from a " + loaded.valueWidth(party) + "-bit value)" : "";
    }

    static Map<String, Object> describe(Circuit c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("creatorInputBits", c.creatorInputCount());
        m.put("evaluatorInputBits", c.evaluatorInputCount());
        m.put("creatorOutputBits", c.creatorOutputCount());
        m.put("evaluatorOutputBits", c.evaluatorOutputCount());
        m.put("gates", c.gateCount());
        m.put("nonLinearGates", c.nonLinearCount());
        m.put("slots", c.numSlots());
        m.put("labelSlots", c.labelSlots());
        m.put("instructions", c.instructionCount());
        List<Object> subs = new ArrayList<>();
        for (Circuit.SubCircuitInfo s : c.subCircuitInfo()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("name", s.name());
            sm.put("inputBits", s.inputCount());
            sm.put("outputBits", s.outputCount());
            sm.put("slots", s.numSlots());
            sm.put("instructions", s.instructionCount());
            sm.put("gates", s.gateCount());
            sm.put("nonLinearGates", s.nonLinearCount());
            subs.add(sm);
        }
        m.put("subCircuits", subs);
        m.put("hash", HexFormat.of().formatHex(c.hash()));
        return m;
    }
}
