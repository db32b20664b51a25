package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import io.gcstream.compiler.lib.Library;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code gc lib}: the standard library's circuits, their parameters, inputs and outputs. */
final class LibCommand extends Gc.BaseCommand {
    static final String DESCRIPTION = "List the standard library's circuits (use them as lib:NAME)";

    @Parameter(names = "--json", description = "Machine-readable output")
    boolean json;

    @Override
    public int run(PrintStream out) {
        List<Library.Entry> entries = Library.entries();
        if (json) {
            List<Object> list = new ArrayList<>();
            for (Library.Entry e : entries) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", e.pattern());
                m.put("summary", e.summary());
                m.put("creatorInput", e.creatorInput());
                m.put("evaluatorInput", e.evaluatorInput());
                m.put("outputs", e.outputs());
                list.add(m);
            }
            Map<String, Object> top = new LinkedHashMap<>();
            top.put("circuits", list);
            out.println(Json.of(top));
            return 0;
        }
        out.println("Standard library circuits; use one as lib:NAME with <x> replaced by a number"
                + " (e.g. lib:hamming900).");
        for (Library.Entry e : entries) {
            out.println();
            out.println(e.pattern());
            out.println("    " + e.summary());
            out.println("    creator gives:   " + e.creatorInput());
            out.println("    evaluator gives: " + e.evaluatorInput());
            out.println("    outputs:         " + e.outputs());
        }
        return 0;
    }
}
