package io.gcstream.benchmarks;

import com.beust.jcommander.IParameterValidator;
import com.beust.jcommander.Parameter;
import com.beust.jcommander.ParameterException;
import io.gcstream.benchmarks.report.Cli;
import io.gcstream.benchmarks.report.ResultFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws AND gates per second against circuit size (log-log PNG, XChart) from the CSV files that
 * {@link PaperTables} and {@link AndRates} write: one series per kind of row and scheme —
 * generated AND chains as a line, library circuits and ME-SFE's files as labelled points. The
 * rate is non-linear gates over the median total time of one execution (input OTs, garbled
 * stream, output decoding). Runs headless.
 *
 * <pre>
 * java -Djava.awt.headless=true -cp benchmarks/target/benchmarks.jar io.gcstream.benchmarks.Plot \
 *     [-o docs/img/and-rate.png] [--scheme half-gates] [--min-ands 100] [--title TEXT] \
 *     [--width 1000] [--height 650] [CSV ...]
 * </pre>
 *
 * Without CSV arguments it reads {@code paper-tables.csv} and {@code and-rates.csv} from the
 * default results folder (next to the benchmarks jar); without {@code -o} it writes
 * {@code and-rate.png} there. With {@code --threads} it draws instead, from the CSV that
 * {@code party.PartyRates --csv} writes, each workload's and side's rate against threads,
 * as a multiple of its one-thread rate, beside the ideal line ({@code threads.png} by default). {@code --scheme} keeps only that scheme's rows (default: all);
 * circuits with fewer than {@code --min-ands} AND gates are left out. Library circuits and the
 * ME-SFE files the paper has figures for are labelled. Where rows carry reference figures, two
 * more point series show them at the paper's gate counts: the paper's Table 3 (its 2012
 * machine) and ME-SFE's code measured on this kind of machine.
 */
public final class Plot {
    private static final Map<String, String> KIND_LABELS = Map.of(
            "chain", "generated AND chains",
            "library", "library circuits",
            "mesfe", "ME-SFE circuit files");

    /** The command line. */
    static final class Options {
        @Parameter(description = "CSV files (default: paper-tables.csv and and-rates.csv in the results folder)")
        List<String> inputs = new ArrayList<>();

        @Parameter(names = "-o")
        Path output;

        @Parameter(names = "--scheme")
        String scheme;

        @Parameter(names = "--min-ands", converter = Cli.Count.class)
        long minAnds = 100;

        @Parameter(names = "--title")
        String title;

        @Parameter(names = "--width", validateWith = AtLeast200.class)
        int width = 1000;

        @Parameter(names = "--height", validateWith = AtLeast200.class)
        int height = 650;

        @Parameter(names = "--threads")
        boolean threads;
    }

    /** A chart's side, in pixels. */
    public static final class AtLeast200 implements IParameterValidator {
        @Override
        public void validate(String name, String value) {
            if (!value.matches("[0-9]{3,6}") || Integer.parseInt(value) < 200) {
                throw new ParameterException(name + " must be a whole number of at least 200, got " + value);
            }
        }
    }

    private Plot() {
    }

    public static void main(String[] args) throws Exception {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        try {
            Options a = Cli.parse(new Options(), "Plot", args);
            List<Path> inputs = new ArrayList<>();
            for (String p : a.inputs) {
                inputs.add(Path.of(p));
            }
            Path dir = ResultFiles.defaultResultsDir();
            if (a.threads) {
                if (inputs.isEmpty()) {
                    throw new IllegalArgumentException("--threads needs the CSV PartyRates --csv wrote");
                }
                List<Map<String, String>> rows = new ArrayList<>();
                for (Path p : inputs) {
                    rows.addAll(ResultFiles.readCsv(p));
                }
                XYChart chart = threadsChart(rows, a.title != null ? a.title
                        : "gcstream: one party alone, rate with N threads over its rate with one", a.width, a.height);
                save(chart, a.output != null ? a.output : dir.resolve("threads.png"), inputs);
                return;
            }
            if (inputs.isEmpty()) {
                for (String n : List.of("paper-tables.csv", "and-rates.csv")) {
                    if (Files.exists(dir.resolve(n))) {
                        inputs.add(dir.resolve(n));
                    }
                }
                if (inputs.isEmpty()) {
                    throw new IllegalArgumentException("no CSV given and none in " + dir
                            + " (run PaperTables and AndRates first)");
                }
            }
            List<Map<String, String>> rows = new ArrayList<>();
            for (Path p : inputs) {
                rows.addAll(ResultFiles.readCsv(p));
            }
            XYChart chart = chart(rows, a.scheme, a.minAnds, a.title != null ? a.title
                    : "gcstream: AND gates per second per execution, both parties on one machine (loopback)",
                    a.width, a.height);
            save(chart, a.output != null ? a.output : dir.resolve("and-rate.png"), inputs);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("Plot: " + e.getMessage());
            System.exit(2);
        }
    }

    private static void save(XYChart chart, Path out, List<Path> inputs) throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        String file = out.toString();
        if (file.toLowerCase(Locale.ROOT).endsWith(".png")) {
            file = file.substring(0, file.length() - 4);
        }
        BitmapEncoder.saveBitmap(chart, file, BitmapEncoder.BitmapFormat.PNG);
        System.out.println("wrote " + file + ".png from " + inputs);
    }

    /**
     * Rate against threads from PartyRates' CSV rows (workload, side, threads, rate): one line
     * per workload and side, each rate over that line's rate at one thread, and the ideal
     * (N threads, N times the rate).
     *
     * @throws IllegalArgumentException if no line has a one-thread rate or a number is malformed
     */
    static XYChart threadsChart(List<Map<String, String>> rows, String title, int width, int height) {
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        Map<String, Double> one = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            String key = r.get("workload") + ", " + r.get("side");
            double t = number(r, "threads");
            double rate = number(r, "rate");
            lines.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {t, rate});
            if (t == 1) {
                one.put(key, rate);
            }
        }
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle("threads of the party").yAxisTitle("rate over the one-thread rate").build();
        XYStyler s = chart.getStyler();
        s.setLegendPosition(Styler.LegendPosition.InsideNW);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(225, 225, 225));
        s.setMarkerSize(7);
        double maxThreads = 1;
        for (Map.Entry<String, List<double[]>> e : lines.entrySet()) {
            Double base = one.get(e.getKey());
            if (base == null || base <= 0) {
                continue;
            }
            List<double[]> pts = new ArrayList<>();
            for (double[] p : e.getValue()) {
                pts.add(new double[] {p[0], p[1] / base});
                maxThreads = Math.max(maxThreads, p[0]);
            }
            XYSeries series = add(chart, e.getKey(), pts, null, false);
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            series.setMarker(SeriesMarkers.CIRCLE);
        }
        if (chart.getSeriesMap().isEmpty()) {
            throw new IllegalArgumentException("no workload has a rate at 1 thread to compare with");
        }
        XYSeries ideal = chart.addSeries("ideal: N threads, N times the rate", new double[] {1, maxThreads},
                new double[] {1, maxThreads});
        ideal.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        ideal.setMarker(SeriesMarkers.NONE);
        ideal.setLineColor(Color.GRAY);
        ideal.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f}, 0f));
        return chart;
    }

    /**
     * The chart of {@code rows} (CSV maps with at least kind, circuit, scheme, non_linear and
     * total_ms), only of {@code scheme} if not null.
     *
     * @throws IllegalArgumentException if no row is left or a number is malformed
     */
    static XYChart chart(List<Map<String, String>> rows, String scheme, long minAnds, String title, int width,
            int height) {
        Map<String, List<double[]>> points = new LinkedHashMap<>();
        Map<String, List<String>> labels = new LinkedHashMap<>();
        Map<String, double[]> paper = new LinkedHashMap<>();
        Map<String, double[]> mesfe = new LinkedHashMap<>();
        for (String kind : List.of("chain", "library", "mesfe")) {
            for (Map<String, String> r : rows) {
                if (!kind.equals(r.get("kind")) || (scheme != null && !scheme.equals(r.get("scheme")))) {
                    continue;
                }
                double ands = number(r, "non_linear");
                double ms = number(r, "total_ms");
                if (ands < minAnds || ands <= 0 || ms <= 0) {
                    continue;
                }
                String key = KIND_LABELS.get(kind) + ", " + r.get("scheme");
                points.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {ands, ands / (ms / 1e3)});
                // Labels for the library and for the files the paper has figures for; the rest
                // of ME-SFE's files would only crowd the chart.
                boolean referenced = !optional(r, "paper_non_linear").isEmpty();
                labels.computeIfAbsent(key, k -> new ArrayList<>())
                        .add(kind.equals("library") || referenced ? shortName(r.get("circuit")) : null);
                if (referenced && !optional(r, "paper_ms").isEmpty()) {
                    double pa = number(r, "paper_non_linear");
                    paper.put(r.get("paper_non_linear"), new double[] {pa, pa / (number(r, "paper_ms") / 1e3)});
                    if (!optional(r, "mesfe_ms").isEmpty()) {
                        mesfe.put(r.get("paper_non_linear"), new double[] {pa, pa / (number(r, "mesfe_ms") / 1e3)});
                    }
                }
            }
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no rows to plot" + (scheme == null ? "" : " for scheme " + scheme));
        }
        XYChart chart = new XYChartBuilder().width(width).height(height).title(title)
                .xAxisTitle("circuit size: AND gates per execution")
                .yAxisTitle("AND gates per second (one execution, input OTs included)").build();
        XYStyler s = chart.getStyler();
        s.setXAxisLogarithmic(true);
        s.setYAxisLogarithmic(true);
        s.setLegendPosition(Styler.LegendPosition.InsideSE);
        s.setXAxisDecimalPattern("0.#E0");
        s.setYAxisDecimalPattern("0.#E0");
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(225, 225, 225));
        s.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        s.setMarkerSize(7);
        for (Map.Entry<String, List<double[]>> e : points.entrySet()) {
            boolean line = e.getKey().startsWith(KIND_LABELS.get("chain"));
            XYSeries series = add(chart, e.getKey(), e.getValue(), labels.get(e.getKey()), !line);
            series.setXYSeriesRenderStyle(line ? XYSeries.XYSeriesRenderStyle.Line : XYSeries.XYSeriesRenderStyle.Scatter);
            series.setMarker(line ? SeriesMarkers.CIRCLE : e.getKey().startsWith(KIND_LABELS.get("mesfe"))
                    ? SeriesMarkers.TRIANGLE_UP : SeriesMarkers.DIAMOND);
            if (line) {
                series.setLineStyle(new BasicStroke(2f));
            }
        }
        if (!mesfe.isEmpty()) {
            XYSeries m = add(chart, "ME-SFE's code on this kind of machine (reference figures)",
                    new ArrayList<>(mesfe.values()), null, false);
            m.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            m.setMarker(SeriesMarkers.SQUARE);
            m.setMarkerColor(Color.GRAY);
        }
        if (!paper.isEmpty()) {
            XYSeries p = add(chart, "the paper, Table 3 (2012 machine)", new ArrayList<>(paper.values()), null, false);
            p.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            p.setMarker(SeriesMarkers.CROSS);
            p.setMarkerColor(Color.BLACK);
        }
        return chart;
    }

    /** Adds the points sorted by x; labels (null entries skipped) just above their points. */
    private static XYSeries add(XYChart chart, String name, List<double[]> p, List<String> labels, boolean annotate) {
        Integer[] order = new Integer[p.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(p.get(x)[0], p.get(y)[0]));
        double[] xs = new double[p.size()];
        double[] ys = new double[p.size()];
        for (int i = 0; i < order.length; i++) {
            xs[i] = p.get(order[i])[0];
            ys[i] = p.get(order[i])[1];
            String label = labels == null ? null : labels.get(order[i]);
            if (annotate && label != null) {
                chart.addAnnotation(new AnnotationText(label, xs[i], ys[i] * 1.22, false));
            }
        }
        return chart.addSeries(name, xs, ys);
    }

    /** A file's name without its folders; a library name as it is. */
    private static String shortName(String circuit) {
        return circuit.substring(circuit.lastIndexOf('/') + 1);
    }

    private static String optional(Map<String, String> r, String column) {
        String v = r.get(column);
        return v == null ? "" : v;
    }

    private static double number(Map<String, String> r, String column) {
        String v = r.get(column);
        if (v == null) {
            throw new IllegalArgumentException("the CSV has no column " + column);
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("column " + column + " of " + r.getOrDefault("circuit", r.get("workload"))
                    + ": not a number: " + v);
        }
    }
}
