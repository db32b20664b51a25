package io.gcstream.cli;

import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Simulator;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code gc sim <circuit> --creator-input X --evaluator-input Y}: a plaintext run. */
final class SimCommand extends CircuitCommand {
    static final String DESCRIPTION = "Evaluate a circuit on clear inputs (no cryptography): the reference result";

    @ParametersDelegate
    PartyInputs inputs = new PartyInputs();

    @ParametersDelegate
    OutputOptions output = new OutputOptions();

    @Override
    public int run(PrintStream out) throws Exception {
        if (output.json) {
            HeapPeak.reset();
        }
        CircuitSources.Loaded c = loaded("sim");
        BitValues.OutputFormat fmt = output.valueFormat();
        Simulator.Result r = Simulator.run(c.circuit(), inputs.creatorBits(c), inputs.evaluatorBits(c));
        if (output.json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("creatorOutput", Outputs.jsonValue(r.creatorOutputs(), fmt));
            m.put("evaluatorOutput", Outputs.jsonValue(r.evaluatorOutputs(), fmt));
            m.put("peakHeapBytes", HeapPeak.bytes());
            out.println(Json.of(m));
        } else {
            Outputs.print(out, "creator output", r.creatorOutputs(), fmt);
            Outputs.print(out, "evaluator output", r.evaluatorOutputs(), fmt);
        }
        return 0;
    }
}
