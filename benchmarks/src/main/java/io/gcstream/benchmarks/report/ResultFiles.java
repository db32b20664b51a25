package io.gcstream.benchmarks.report;

import io.gcstream.circuits.OutputFile;
import io.gcstream.circuits.internal.OutputFiles;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * Result tables as CSV files (Apache Commons CSV): one header line, one line per row, for plots
 * and spreadsheets; {@code #} lines above the header say on which machine and by which command
 * the figures were measured. Numbers use a dot and no grouping; a missing reference figure is an
 * empty field.
 */
public final class ResultFiles {
    /** The columns of a {@link Row}, in order. */
    public static final List<String> COLUMNS = List.of("kind", "circuit", "scheme", "non_linear", "gates", "S",
            "label_slots", "warmup_runs", "runs", "first_ms", "ot_ms", "online_ms", "total_ms",
            "creator_sent_bytes", "evaluator_sent_bytes", "heap_before_bytes", "peak_heap_bytes",
            "allocated_bytes", "and_per_s", "paper_non_linear", "paper_ms", "mesfe_ms");

    /** How the files are written and read: RFC 4180 with {@code #} comment lines. */
    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator('\n')
            .setCommentMarker('#').get();

    private ResultFiles() {
    }

    /**
     * Writes {@code rows} to {@code file} (parent folders created), headed by this machine and
     * {@code command} as comments.
     */
    public static void writeCsv(List<Row> rows, String command, Path file) throws IOException {
        List<List<String>> records = new ArrayList<>();
        for (Row r : rows) {
            records.add(fields(r));
        }
        writeCsv(file, COLUMNS, records, "machine: " + machine(), "command: " + command);
    }

    /** Writes {@code records} under the header {@code columns} to {@code file}, {@code comments} above them. */
    public static void writeCsv(Path file, List<String> columns, List<List<String>> records, String... comments)
            throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        CSVFormat format = FORMAT.builder().setHeader(columns.toArray(new String[0])).setHeaderComments(
                (Object[]) comments).get();
        OutputFiles.write(file, OutputFile.Access.PUBLIC, f -> {
            Writer w = new OutputStreamWriter(f.stream(), StandardCharsets.UTF_8);
            CSVPrinter p = new CSVPrinter(w, format);
            p.printRecords(records);
            p.flush();
            return null;
        });
    }

    /**
     * Reads a CSV file with a header line (as {@link #writeCsv} writes them) as maps from column
     * name to field.
     *
     * @throws IOException naming the file and line if a line has more or fewer fields than the header
     */
    public static List<Map<String, String>> readCsv(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CSVParser p = CSVParser.builder().setReader(in).setFormat(FORMAT.builder().setHeader()
                        .setSkipHeaderRecord(true).get()).get()) {
            int columns = p.getHeaderNames().size();
            if (columns == 0) {
                throw new IOException(file + ": empty, expected a CSV header line");
            }
            List<Map<String, String>> out = new ArrayList<>();
            for (CSVRecord r : p) {
                if (r.size() != columns) {
                    throw new IOException(file + ":" + p.getCurrentLineNumber() + ": " + r.size()
                            + " fields, the header has " + columns);
                }
                out.add(r.toMap());
            }
            return out;
        } catch (java.io.UncheckedIOException e) {
            throw new IOException(file + ": " + e.getCause().getMessage(), e.getCause());
        }
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

    /**
     * The default folder for result files: {@code results} next to the benchmarks jar (so
     * {@code benchmarks/target/results} in a build), else {@code results} in the working folder.
     */
    public static Path defaultResultsDir() {
        try {
            Path jar = Path.of(ResultFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(jar) && jar.getParent() != null) {
                return jar.getParent().resolve("results");
            }
        } catch (URISyntaxException | RuntimeException ignored) {
            // Not run from a jar: fall back to the working folder.
        }
        return Path.of("results");
    }

    /** One line about this machine and JVM for the head of a report. */
    public static String machine() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return String.format(Locale.ROOT, "%d cores, Java %s (%s), max heap %d MB, load average %s, %s",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                System.getProperty("java.vm.name"), Runtime.getRuntime().maxMemory() >> 20,
                load < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", load),
                java.time.OffsetDateTime.now().withNano(0));
    }
}
