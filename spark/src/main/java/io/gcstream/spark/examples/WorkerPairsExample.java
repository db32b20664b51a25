package io.gcstream.spark.examples;

import io.gcstream.ot.channel.TlsKeys;
import io.gcstream.spark.AggregateResult;
import io.gcstream.spark.WorkerPairs;
import io.gcstream.spark.WorkerPairsException;
import io.gcstream.spark.WorkerPairsOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Both workloads of {@link WorkerPairs} as a program each party runs with {@code spark-submit}
 * (or in local mode), on data made from a seed ({@link ExampleData}) so that the answers can be
 * checked against a plain computation:
 *
 * <pre>
 * WorkerPairsExample keys DIR                       # both parties' keys (keytool), for a try on one machine
 * WorkerPairsExample run --role creator --workload aggregate --keys DIR --endpoint HOST:PORT --slices 4 --rows N
 * WorkerPairsExample run --role evaluator ...       # the same options
 * WorkerPairsExample expected --workload prf,aggregate --rows N [--prf-rows M] [--seed S] [--key HEX]   # plain answers
 * WorkerPairsExample demo                           # the aggregate, both parties on this machine, local mode
 * </pre>
 *
 * The key files' password is read from {@code GC_TLS_PASSWORD} or {@code --password-file}.
 * {@code --workload} is {@code prf}, {@code aggregate}, or a list of them run one after
 * another in one application ({@code prf,aggregate}). Each party has {@code --rows} rows for the aggregate; the PRF's evaluator has
 * {@code --prf-rows} (default {@code --rows}) and the creator the key {@code --key}. Prints a
 * line per workload: {@code prf rows=… digest=…}, {@code aggregate min=… sum=…}.
 */
public final class WorkerPairsExample {
    static final String DEFAULT_KEY = "2b7e151628aed2a6abf7158809cf4f3c";

    private WorkerPairsExample() {
    }

    public static void main(String[] args) throws Exception {
        try {
            if (args.length == 2 && args[0].equals("keys")) {
                String pw = System.getenv("GC_TLS_PASSWORD");
                if (pw == null || pw.isEmpty()) {
                    throw new IllegalArgumentException("set GC_TLS_PASSWORD to the password of the key files");
                }
                makeKeys(Path.of(args[1]), pw.toCharArray());
                return;
            }
            if (args.length == 1 && args[0].equals("demo")) {
                demo();
                return;
            }
            Map<String, String> o = options(args);
            if (args[0].equals("expected")) {
                System.out.println(expected(o));
            } else if (args[0].equals("run")) {
                System.out.println(run(o));
            } else {
                throw new IllegalArgumentException("unknown mode " + args[0]);
            }
        } catch (IllegalArgumentException | WorkerPairsException e) {
            System.err.println("WorkerPairsExample: " + e.getMessage());
            System.exit(e instanceof IllegalArgumentException ? 2 : 1);
        }
    }

    private static Map<String, String> options(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: keys DIR | demo | run --role R --workload W --keys DIR"
                    + " --endpoint HOST:PORT --slices K --rows N | expected --workload W --rows N");
        }
        Map<String, String> o = new HashMap<>(Map.of("seed", "1", "key", DEFAULT_KEY, "slices", "2", "bind", "0.0.0.0",
                "connect-timeout", "60"));
        for (int i = 1; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --NAME VALUE at " + args[i]);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        return o;
    }

    private static String get(Map<String, String> o, String name) {
        String v = o.get(name);
        if (v == null) {
            throw new IllegalArgumentException("--" + name + " is missing");
        }
        return v;
    }

    /** One party's job; returns its line of output. */
    static String run(Map<String, String> o) throws Exception {
        String role = get(o, "role");
        String workloads = get(o, "workload");
        Path keys = Path.of(get(o, "keys"));
        String[] endpoint = get(o, "endpoint").split(":");
        int slices = Integer.parseInt(get(o, "slices"));
        long seed = Long.parseLong(get(o, "seed"));
        String peer = role.equals("creator") ? "evaluator" : "creator";
        WorkerPairsOptions.Builder b = WorkerPairsOptions.builder()
                .keys(keys.resolve(role + ".p12"), keys.resolve(role + "-trust.p12"))
                .peer(Files.readString(keys.resolve(peer + ".fingerprint")).trim())
                .endpoint(endpoint[0], Integer.parseInt(endpoint[1])).bindHost(get(o, "bind"))
                .connectTimeout(Duration.ofSeconds(Long.parseLong(get(o, "connect-timeout"))));
        if (o.containsKey("password-file")) {
            b.passwordFile(Path.of(o.get("password-file")));
        }
        SparkSession.Builder sb = SparkSession.builder().appName("gcstream " + workloads + " (" + role + ")");
        if (o.containsKey("master")) {
            sb.master(o.get("master"));
        }
        SparkSession spark = sb.getOrCreate();
        if (o.containsKey("log-level")) {
            spark.sparkContext().setLogLevel(o.get("log-level"));
        }
        try (WorkerPairs w = role.equals("creator") ? WorkerPairs.creator(spark, b.build())
                : WorkerPairs.evaluator(spark, b.build())) {
            List<String> lines = new ArrayList<>();
            String[] jobs = workloads.split(",");
            for (int n = 0; n < jobs.length; n++) {
                long t0 = System.nanoTime();
                System.err.printf("%s: job %d, %s over %d slices, starting%n", role, n, jobs[n], slices);
                lines.add(job(spark, w, o, role, jobs[n], slices, seed));
                System.err.printf("%s: job %d, %s over %d slices in %.1f s%n", role, n, jobs[n], slices,
                        (System.nanoTime() - t0) / 1e9);
            }
            return String.join("\n", lines);
        } finally {
            spark.stop();
        }
    }

    /** One workload's job; returns its line. */
    private static String job(SparkSession spark, WorkerPairs w, Map<String, String> o, String role, String workload,
            int slices, long seed) throws Exception {
        if (workload.equals("prf")) {
            if (role.equals("creator")) {
                w.prf(HexFormat.of().parseHex(get(o, "key")), slices);
                return "prf served " + slices + " slices";
            }
            Dataset<Row> out = w.prf(ExampleData.prfRows(spark, seed, prfRows(o), slices), "key", "block");
            List<String> lines = new ArrayList<>();
            for (Row r : out.collectAsList()) {
                lines.add(r.getLong(0) + " " + HexFormat.of().formatHex((byte[]) r.get(1)));
            }
            return prfLine(lines);
        }
        if (workload.equals("aggregate")) {
            int party = role.equals("creator") ? 0 : 1;
            AggregateResult a = w.aggregate(ExampleData.aggregateRows(spark, seed, party,
                    Long.parseLong(get(o, "rows")), slices), "u", "s");
            return aggregateLine(a.min(), a.sum()) + " slices=" + a.slices() + " rounds=" + a.rounds();
        }
        throw new IllegalArgumentException("unknown workload " + workload + " (prf, aggregate)");
    }

    /** The PRF's evaluator rows: {@code --prf-rows}, else {@code --rows}. */
    static long prfRows(Map<String, String> o) {
        return Long.parseLong(o.containsKey("prf-rows") ? o.get("prf-rows") : get(o, "rows"));
    }

    static String expected(Map<String, String> o) throws Exception {
        long seed = Long.parseLong(get(o, "seed"));
        List<String> lines = new ArrayList<>();
        for (String workload : get(o, "workload").split(",")) {
            if (workload.equals("prf")) {
                lines.add(prfLine(ExampleData.plainPrf(HexFormat.of().parseHex(get(o, "key")), seed, prfRows(o))));
            } else {
                long rows = Long.parseLong(get(o, "rows"));
                long[] a = ExampleData.plainAggregate(seed, rows, rows);
                lines.add(aggregateLine(a[0], a[1]));
            }
        }
        return String.join("\n", lines);
    }

    static String aggregateLine(long min, long sum) {
        return "aggregate min=" + min + " sum=" + sum;
    }

    /** The PRF's answer as one line: the rows and a SHA-256 of the "key ciphertext" lines in key order. */
    static String prfLine(List<String> lines) throws Exception {
        List<String> sorted = new ArrayList<>(lines);
        sorted.sort((x, y) -> Long.compare(Long.parseLong(x.split(" ")[0]), Long.parseLong(y.split(" ")[0])));
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        for (String l : sorted) {
            d.update((l + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return "prf rows=" + lines.size() + " digest=" + HexFormat.of().formatHex(d.digest()).substring(0, 16);
    }

    /**
     * Makes both parties' keys in {@code dir} with the JDK's keytool, as docs/security.md
     * describes without {@code gc}: {@code ROLE.p12}, {@code ROLE-trust.p12} (the peer's
     * certificate) and {@code ROLE.fingerprint}, under {@code password}. For a try on one
     * machine; real parties each make their own key and exchange certificates.
     */
    public static void makeKeys(Path dir, char[] password) throws Exception {
        Files.createDirectories(dir);
        Map<String, X509Certificate> certs = new HashMap<>();
        for (String role : List.of("creator", "evaluator")) {
            Path ks = dir.resolve(role + ".p12");
            ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", role, "-dname", "CN=" + role, "-keyalg", "EC", "-groupname", "secp256r1",
                    "-sigalg", "SHA256withECDSA", "-validity", "30", "-ext", "BasicConstraints:critical=ca:false",
                    "-ext", "KeyUsage:critical=digitalSignature", "-ext", "ExtendedKeyUsage=serverAuth,clientAuth",
                    "-storetype", "PKCS12", "-keystore", ks.toString(), "-storepass:env", "GC_KEYTOOL_PASSWORD")
                    .redirectErrorStream(true);
            pb.environment().put("GC_KEYTOOL_PASSWORD", new String(password));
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + out.strip());
            }
            KeyStore k = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(ks)) {
                k.load(in, password);
            }
            certs.put(role, TlsKeys.certificate(k));
            Files.writeString(dir.resolve(role + ".fingerprint"), TlsKeys.fingerprint(certs.get(role)) + "\n");
        }
        for (String role : List.of("creator", "evaluator")) {
            X509Certificate peer = certs.get(role.equals("creator") ? "evaluator" : "creator");
            try (OutputStream out = Files.newOutputStream(dir.resolve(role + "-trust.p12"))) {
                TlsKeys.truststore(List.of(peer)).store(out, password);
            }
        }
    }

    /**
     * The aggregate in local mode with both parties on this machine: keys in a temporary
     * directory, the evaluator in a second JVM, the creator in this one; checks the answer.
     */
    static void demo() throws Exception {
        Path dir = Files.createTempDirectory("gcstream-spark-demo", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String password = HexFormat.of().formatHex(random);
        Path pwFile = dir.resolve("password");
        Files.writeString(pwFile, password + "\n");
        List<String> java = new ArrayList<>();
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        java.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")
                        || a.startsWith("-XX:+IgnoreUnrecognized"))
                .toList());
        java.add("-cp");
        java.add(System.getProperty("java.class.path"));
        java.add(WorkerPairsExample.class.getName());
        try {
            makeKeys(dir, password.toCharArray());
            int port = 20_000 + new SecureRandom().nextInt(20_000);
            List<String> common = List.of("--workload", "aggregate", "--keys", dir.toString(), "--endpoint",
                    "127.0.0.1:" + port, "--bind", "127.0.0.1", "--slices", "2", "--rows", "20000", "--master",
                    "local[2]", "--password-file", pwFile.toString(), "--log-level", "WARN");
            ProcessBuilder eval = new ProcessBuilder(new ArrayList<>(java));
            eval.command().addAll(List.of("run", "--role", "evaluator"));
            eval.command().addAll(common);
            eval.redirectError(dir.resolve("evaluator.log").toFile());
            Process evaluator = eval.start();
            try {
                Map<String, String> mine = options(concat(List.of("run", "--role", "creator"), common));
                System.out.println("creator:   " + run(mine));
                System.out.println("evaluator: " + new String(evaluator.getInputStream().readAllBytes(),
                        StandardCharsets.UTF_8).strip());
                evaluator.waitFor(60, TimeUnit.SECONDS);
            } finally {
                evaluator.destroy();
            }
            System.out.println("plain:     " + expected(options(new String[] {"expected", "--workload", "aggregate",
                "--rows", "20000"})));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(dir);
        }
    }

    private static String[] concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all.toArray(new String[0]);
    }
}
