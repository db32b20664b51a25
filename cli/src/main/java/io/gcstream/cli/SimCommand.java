package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code gc sim <circuit> --creator-input X --evaluator-input Y}: a plaintext run. */
@Parameters(commandDescription = "Evaluate a circuit on clear inputs (no cryptography): the reference result")
final class SimCommand implements Gc.Command, Gc.HasHelp {
    @Parameter(description = "<circuit>")
    List<String> sources = new ArrayList<>();

    @Parameter(names = "--creator-input", description = "Creator's input value: 0x…, 0b…, decimal or @file")
    String creatorInput;

    @Parameter(names = "--evaluator-input", description = "Evaluator's input value: 0x…, 0b…, decimal or @file")
    String evaluatorInput;

    @Parameter(names = "--format", description = "Output format: hex, bin or dec")
    String format = "hex";

    @Parameter(names = "--json", description = "Machine-readable output")
    boolean json;

    @ParametersDelegate
    SourceOptions source = new SourceOptions();

    @Parameter(names = {"-h", "--help"}, help = true, description = "Show usage")
    boolean help;

    @Override
    public boolean help() {
        return help;
    }

    @Override
    public int run(PrintStream out) throws Exception {
        Circuit c = CircuitSources.load(CircuitSources.single(sources, "sim"), source);
        BitValues.OutputFormat fmt = Outputs.format(format);
        boolean[] x = Outputs.input(creatorInput, c.creatorInputCount(), "--creator-input");
        boolean[] y = Outputs.input(evaluatorInput, c.evaluatorInputCount(), "--evaluator-input");
        Simulator.Result r = Simulator.run(c, x, y);
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("creatorOutput", Outputs.jsonValue(r.creatorOutputs(), fmt));
            m.put("evaluatorOutput", Outputs.jsonValue(r.evaluatorOutputs(), fmt));
            out.println(Json.of(m));
        } else {
            Outputs.print(out, "creator output", r.creatorOutputs(), fmt);
            Outputs.print(out, "evaluator output", r.evaluatorOutputs(), fmt);
        }
        return 0;
    }
}
