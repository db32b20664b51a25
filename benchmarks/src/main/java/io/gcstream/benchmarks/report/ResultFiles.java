package io.gcstream.benchmarks.report;

import io.gcstream.circuits.internal.OutputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measured {@link Row}s as CSV (one header line, one line per row, for plots and spreadsheets)
 * and as JSON (an object with the machine and command, and the rows). Numbers use a dot and no
 * grouping; a missing reference figure is an empty CSV field and a JSON {@code null}. Fields
 * that contain a comma or a quote are quoted, quotes doubled.
 */
public final class ResultFiles {
    /** The CSV columns, in order. */
    public static final List<String> COLUMNS = List.of("kind", "circuit", "scheme", "non_linear", "gates", "S",
            "label_slots", "warmup_runs", "runs", "first_ms", "ot_ms", "online_ms", "total_ms",
            "creator_sent_bytes", "evaluator_sent_bytes", "heap_before_bytes", "peak_heap_bytes",
            "allocated_bytes", "and_per_s", "paper_non_linear", "paper_ms", "mesfe_ms");

    private ResultFiles() {
    }

    /** Writes {@code rows} as CSV to {@code file} (parent folders created). */
    public static void writeCsv(List<Row> rows, Path file) throws IOException {
        StringBuilder b = new StringBuilder(String.join(",", COLUMNS)).append('\n');
        for (Row r : rows) {
            List<String> f = fields(r);
            for (int i = 0; i < f.size(); i++) {
                if (i > 0) {
                    b.append(',');
                }
                b.append(csv(f.get(i)));
            }
            b.append('\n');
        }
        write(file, b.toString());
    }

    /**
     * Writes {@code rows} as JSON to {@code file}: {@code {"machine": {...}, "command": "...",
     * "rows": [{column: value, ...}, ...]}} with the CSV's column names.
     */
    public static void writeJson(List<Row> rows, String command, Path file) throws IOException {
        StringBuilder b = new StringBuilder("{\n  \"machine\": {");
        b.append("\"cores\": ").append(Runtime.getRuntime().availableProcessors());
        b.append(", \"java\": ").append(quote(System.getProperty("java.version")));
        b.append(", \"vm\": ").append(quote(System.getProperty("java.vm.name")));
        b.append(", \"os\": ").append(quote(System.getProperty("os.name") + " " + System.getProperty("os.arch")));
        b.append(", \"maxHeapBytes\": ").append(Runtime.getRuntime().maxMemory());
        b.append(", \"date\": ").append(quote(java.time.OffsetDateTime.now().withNano(0).toString()));
        b.append("},\n  \"command\": ").append(quote(command)).append(",\n  \"rows\": [");
        for (int k = 0; k < rows.size(); k++) {
            List<String> f = fields(rows.get(k));
            b.append(k == 0 ? "\n    {" : ",\n    {");
            for (int i = 0; i < f.size(); i++) {
                if (i > 0) {
                    b.append(", ");
                }
                String v = f.get(i);
                b.append(quote(COLUMNS.get(i))).append(": ");
                b.append(i < 3 ? quote(v) : v.isEmpty() ? "null" : v);
            }
            b.append('}');
        }
        b.append("\n  ]\n}\n");
        write(file, b.toString());
    }

    /**
     * Reads a CSV written by {@link #writeCsv} (or by hand with the same header) as maps from
     * column name to field; rows of other column sets work as long as the columns read exist.
     *
     * @throws IOException naming the file and line if a line has more or fewer fields than the header
     */
    public static List<Map<String, String>> readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IOException(file + ": empty, expected a CSV header line");
        }
        List<String> header = split(lines.get(0));
        List<Map<String, String>> out = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            List<String> f = split(lines.get(n));
            if (f.size() != header.size()) {
                throw new IOException(file + ":" + (n + 1) + ": " + f.size() + " fields, the header has "
                        + header.size());
            }
            Map<String, String> m = new HashMap<>();
            for (int i = 0; i < f.size(); i++) {
                m.put(header.get(i), f.get(i));
            }
            out.add(m);
        }
        return out;
    }

    private static List<String> fields(Row r) {
        return List.of(r.kind(), r.circuit(), r.scheme(), Long.toString(r.nonLinear()), Long.toString(r.gates()),
                Long.toString(r.slots()), Long.toString(r.labelSlots()), Integer.toString(r.warmupRuns()),
                Integer.toString(r.runs()), num(r.firstMs()), num(r.otMs()), num(r.onlineMs()), num(r.totalMs()),
                Long.toString(r.creatorSentBytes()), Long.toString(r.evaluatorSentBytes()),
                Long.toString(r.heapBeforeBytes()), Long.toString(r.peakHeapBytes()),
                Long.toString(r.allocatedBytes()), String.format(Locale.ROOT, "%.0f", r.andPerSecond()),
                r.paperNonLinear() == null ? "" : r.paperNonLinear().toString(),
                r.paperMs() == null ? "" : num(r.paperMs()), r.mesfeMs() == null ? "" : num(r.mesfeMs()));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String csv(String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }

    static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cur.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cur.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        out.add(cur.toString());
        return out;
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return b.append('"').toString();
    }

    private static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        OutputFile.write(file, OutputFile.Access.PUBLIC, f -> {
            f.stream().write(text.getBytes(StandardCharsets.UTF_8));
            return null;
        });
    }
}
