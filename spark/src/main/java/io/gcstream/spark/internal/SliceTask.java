package io.gcstream.spark.internal;

import io.gcstream.circuits.Party;
import io.gcstream.engine.GcSession;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.SessionState;
import io.gcstream.engine.SharedDelta;
import io.gcstream.engine.internal.state.StateBytes;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.channel.TlsHandshakeException;
import io.gcstream.spark.WorkerPairsException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Row;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * One slice task of a round, run by Spark on an executor as partition i of a barrier stage: it
 * pairs with the peer party's task of slice i, runs the slice as a fresh gcstream session over
 * TLS, and reports the outcome to its own driver; a slice already done is skipped. It never
 * throws for a failed slice (its driver decides whether the slice is tried again), so one
 * pair's failure does not abort the other pairs; a task Spark kills closes its session.
 *
 * <p>Serialized into the task closure, so it holds only public data: the job's id, round and
 * done slices, where the drivers listen, and the options (paths, the peer's fingerprint).
 * Secrets (Δ, the creator's key, the key of the halves) come from the party's own driver
 * over the party-internal TLS. Internal.
 */
public final class SliceTask extends AbstractFunction1<Iterator<Object>, Iterator<Object>> implements Serializable {
    private static final long serialVersionUID = 1L;
    /** "GCSP": the first int of a pair's preamble, before the session. */
    static final int MAGIC = 0x50534347;
    private static final Map<String, PartyKeys> KEYS = new ConcurrentHashMap<>();

    private final Party role;
    private final int kind;
    private final byte[] jobId;
    private final int round;
    private final BitSet done;
    private final PairSettings options;
    private final String driverHost;
    private final int driverPort;

    public SliceTask(Party role, int kind, byte[] jobId, int round, BitSet done, PairSettings options,
            String driverHost, int driverPort) {
        this.role = role;
        this.kind = kind;
        this.jobId = jobId.clone();
        this.round = round;
        this.done = (BitSet) done.clone();
        this.options = options;
        this.driverHost = driverHost;
        this.driverPort = driverPort;
    }

    /** A failed slice: whether trying it again may help, and why, in one line. */
    static final class SliceFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final boolean fatal;

        SliceFailure(boolean fatal, String message) {
            super(message);
            this.fatal = fatal;
        }
    }

    @Override
    public Iterator<Object> apply(Iterator<Object> rows) {
        TaskContext ctx = TaskContext.get();
        int slice = ctx.partitionId();
        if (done.get(slice)) {
            return scala.collection.Iterator$.MODULE$.empty();
        }
        PartyKeys keys = KEYS.computeIfAbsent(options.toString(), k -> PartyKeys.load(options));
        Job.Result r;
        try {
            r = run(keys, ctx, slice, rows);
        } catch (SliceFailure f) {
            r = new Job.Result(false, f.fatal, f.getMessage(), new byte[0]);
        } catch (WorkerPairsException e) {
            r = new Job.Result(false, true, e.getMessage(), new byte[0]);
        }
        if (ctx.isInterrupted()) {
            throw new WorkerPairsException("slice " + slice + " of round " + round + " was killed");
        }
        report(keys, slice, r);
        return scala.collection.Iterator$.MODULE$.empty();
    }

    private Job.Result run(PartyKeys keys, TaskContext ctx, int slice, Iterator<Object> rows) throws SliceFailure {
        Map<String, byte[]> secrets = secrets(keys);
        Input in = read(rows, slice);
        Channel ch = null;
        ServerSocket server = null;
        try {
            if (role == Party.CREATOR) {
                server = new ServerSocket();
                Endpoint.bind(server, options);
                String host = Endpoint.advertised(options, SparkEnv.get().blockManager().blockManagerId().host());
                Frames.In a = internal(keys, new Frames.Out(Endpoint.LISTEN).bytes(jobId).i32(round).i32(slice)
                        .text(host).i32(server.getLocalPort()).i64(in.rows()).build());
                if (a.type() != Endpoint.OK) {
                    throw new SliceFailure(false, "the driver refused the slice's address: " + a.text());
                }
                ch = accept(keys, ctx, server, slice);
            } else {
                ch = connect(keys, ctx, slice);
            }
            long peerRows;
            try {
                peerRows = preamble(ch, jobId, kind, round, slice, in.rows());
            } catch (java.net.ProtocolException e) {
                throw new SliceFailure(true, e.getMessage());
            }
            return session(ch, ctx, secrets, in, peerRows);
        } catch (IOException e) {
            throw new SliceFailure(false, "slice " + slice + " could not reach its peer: " + Frames.line(e));
        } finally {
            secrets.values().forEach(v -> Arrays.fill(v, (byte) 0));
            closeQuietly(server);
            closeQuietly(ch);
        }
    }

    /** This party's rows of the slice, by kind: PRF keys and blocks, or the aggregate's two columns. */
    private record Input(long rows, List<Object> keys, byte[][] blocks, long[] mins, long[] sums) {
    }

    private Input read(Iterator<Object> rows, int slice) throws SliceFailure {
        if (role == Party.CREATOR && kind == Job.PRF) {
            return new Input(0, List.of(), new byte[0][], null, null);
        }
        List<Object> keys = new ArrayList<>();
        List<byte[]> blocks = new ArrayList<>();
        long[] a = new long[1024];
        long[] b = new long[1024];
        int n = 0;
        while (rows.hasNext()) {
            Row row = (Row) rows.next();
            if (row.isNullAt(0) || row.isNullAt(1)) {
                throw new SliceFailure(true, "row " + n + " of slice " + slice + " holds a null");
            }
            if (kind == Job.PRF) {
                byte[] block = (byte[]) row.get(1);
                if (block.length != 16) {
                    throw new SliceFailure(true, "row " + n + " of slice " + slice + ": the block is " + block.length
                            + " bytes, not 16");
                }
                keys.add(row.get(0));
                blocks.add(block);
            } else {
                long min = row.getLong(0);
                if (min < 0 || min > Workloads.NO_MIN) {
                    throw new SliceFailure(true, "row " + n + " of slice " + slice + ": " + min
                            + " is not an unsigned 32-bit value");
                }
                if (n == a.length) {
                    a = Arrays.copyOf(a, 2 * n);
                    b = Arrays.copyOf(b, 2 * n);
                }
                a[n] = min;
                b[n] = row.getLong(1);
            }
            n++;
        }
        return kind == Job.PRF ? new Input(n, keys, blocks.toArray(new byte[0][]), null, null)
                : new Input(n, null, null, Arrays.copyOf(a, n), Arrays.copyOf(b, n));
    }

    private ChannelOptions channel(Duration connect) {
        return ChannelOptions.builder().connectTimeout(connect).readTimeout(options.timeout())
                .writeTimeout(options.timeout()).build();
    }

    /**
     * Creator: waits for the evaluator's task up to the connect timeout; a watcher closes the
     * listener when the evaluator's round ended (its task is not coming) or Spark kills this task.
     */
    private Channel accept(PartyKeys keys, TaskContext ctx, ServerSocket server, int slice)
            throws IOException, SliceFailure {
        String[] why = new String[1];
        Thread watcher = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(250);
                    if (ctx.isInterrupted()) {
                        why[0] = "slice " + slice + " was killed";
                    } else if (internal(keys, new Frames.Out(Endpoint.STATUS).bytes(jobId).i32(round).build()).type()
                            == Endpoint.ENDED) {
                        why[0] = "the evaluator's round " + round + " ended before its task of slice " + slice
                                + " came";
                    }
                    if (why[0] != null) {
                        server.close();
                        return;
                    }
                }
            } catch (InterruptedException | IOException e) {
                // accepted, or the driver is gone (the accept's own deadline then ends the wait)
            }
        }, "gcstream-slice-accept-watch");
        watcher.setDaemon(true);
        watcher.start();
        try {
            return keys.peer().accept(server, channel(options.connectTimeout()), reason -> { });
        } catch (PeerTimeoutException e) {
            throw new SliceFailure(true, "the evaluator's task for slice " + slice + " did not come within "
                    + options.connectTimeout().toMillis() + " ms");
        } catch (TlsHandshakeException e) {
            throw new SliceFailure(true, "slice " + slice + ": " + Frames.line(e));
        } catch (IOException e) {
            if (why[0] != null) {
                throw new SliceFailure(false, why[0]);
            }
            throw e;
        } finally {
            watcher.interrupt();
        }
    }

    /** Evaluator: asks the creator's endpoint where its task of the slice listens, then connects. */
    private Channel connect(PartyKeys keys, TaskContext ctx, int slice) throws IOException, SliceFailure {
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        while (true) {
            killed(ctx, slice);
            Frames.In a = Requests.published(keys, options, new Frames.Out(Endpoint.WHERE).bytes(jobId).i32(round)
                    .i32(slice).build());
            int t = a.type();
            if (t == Endpoint.OK) {
                String host = a.text();
                int port = a.i32();
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                try {
                    return keys.peer().connect(host, port, channel(Duration.ofMillis(Math.max(left, 1000))));
                } catch (TlsHandshakeException e) {
                    throw new SliceFailure(true, "slice " + slice + ": " + Frames.line(e));
                }
            }
            if (t == Endpoint.RETRY) {
                throw new SliceFailure(false, a.text());
            }
            if (t != Endpoint.WAIT) {
                throw new SliceFailure(true, a.text());
            }
            if (System.nanoTime() - deadline > 0) {
                throw new SliceFailure(true, "the creator's task for slice " + slice + " did not come within "
                        + options.connectTimeout().toMillis() + " ms");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SliceFailure(false, "slice " + slice + " was interrupted");
            }
        }
    }

    private void killed(TaskContext ctx, int slice) throws SliceFailure {
        if (ctx.isInterrupted()) {
            throw new SliceFailure(false, "slice " + slice + " was killed");
        }
    }

    /**
     * Both tasks say which job, round and slice they run and how many rows they hold (the
     * sizes each party reveals), before the session; a mismatch is one line on both sides.
     * Returns the peer's rows.
     */
    public static long preamble(Channel ch, byte[] jobId, int kind, int round, int slice, long rows)
            throws IOException {
        ch.writeInt(MAGIC);
        ch.write(jobId, 0, 16);
        ch.writeInt(kind);
        ch.writeInt(round);
        ch.writeInt(slice);
        ch.writeLong(rows);
        ch.flush();
        int magic = ch.readInt();
        byte[] id = new byte[16];
        ch.readFully(id, 0, 16);
        int k = ch.readInt();
        int r = ch.readInt();
        int s = ch.readInt();
        long peerRows = ch.readLong();
        if (magic != MAGIC || !Arrays.equals(id, jobId) || k != kind || r != round || s != slice || peerRows < 0
                || peerRows > Integer.MAX_VALUE) {
            throw new java.net.ProtocolException("the peer at " + ch.peer() + " runs another slice (round " + r
                    + ", slice " + s + ", " + peerRows + " rows) than this side (round " + round + ", slice " + slice
                    + ")");
        }
        return peerRows;
    }

    private Job.Result session(Channel ch, TaskContext ctx, Map<String, byte[]> secrets, Input in, long peerRows)
            throws SliceFailure {
        int runs = kind == Job.PRF ? (int) Math.max(in.rows(), peerRows) : 0;
        SessionOptions so = SessionOptions.builder().timeout(options.timeout()).plannedRuns(runs)
                .threads(Math.max(1, Math.min(SessionOptions.MAX_THREADS, ctx.cpus()))).build();
        GcSession s;
        if (role == Party.CREATOR && kind == Job.AGGREGATE) {
            SharedDelta delta = SharedDelta.of(secrets.get("delta"));
            s = GcSession.creator(ch, so, delta);
            delta.destroy();
        } else {
            s = role == Party.CREATOR ? GcSession.creator(ch, so) : GcSession.evaluator(ch, so);
        }
        // The session runs on a thread of its own: Spark interrupts a task's thread to kill it,
        // and an interrupt closes any file channel the thread is reading (a circuit's spill file,
        // shared by later slices in this JVM). A kill closes the session instead.
        java.util.concurrent.FutureTask<Job.Result> work = new java.util.concurrent.FutureTask<>(
                () -> work(s, secrets, in, peerRows));
        Thread worker = new Thread(work, "gcstream-slice-session");
        worker.setDaemon(true);
        Thread watchdog = watch(ctx, s);
        try (s) {
            worker.start();
            return work.get();
        } catch (InterruptedException e) {
            s.close();
            Thread.currentThread().interrupt();
            throw new SliceFailure(false, "the slice was killed");
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof SliceFailure f) {
                throw f;
            }
            if (c instanceof HandshakeMismatchException) {
                throw new SliceFailure(true, Frames.line(c));
            }
            if (c instanceof SessionException || c instanceof IllegalStateException) {
                throw new SliceFailure(false, Frames.line(c));
            }
            throw new SliceFailure(true, "the slice failed: " + Frames.line(c));
        } finally {
            watchdog.interrupt();
        }
    }

    /** The slice's work on its session; returns what the task reports. */
    private Job.Result work(GcSession s, Map<String, byte[]> secrets, Input in, long peerRows) throws SliceFailure {
        if (kind == Job.PRF) {
            if (role == Party.CREATOR) {
                Workloads.prfCreator(s, secrets.get("key"), (int) peerRows);
                return new Job.Result(true, false, "ok", new byte[0]);
            }
            return new Job.Result(true, false, "ok", encodeRows(in.keys(), Workloads.prfEvaluator(s, in.blocks())));
        }
        SessionState half = Workloads.aggregateSlice(s, in.mins(), in.sums(), peerRows);
        return new Job.Result(true, false, half.id(), StateBytes.toBytes(half, secrets.get("halves")));
    }

    /** Closes {@code s} if Spark kills the task (a killed task's thread need not be interrupted). */
    private static Thread watch(TaskContext ctx, GcSession s) {
        Thread t = new Thread(() -> {
            try {
                while (!ctx.isInterrupted()) {
                    Thread.sleep(200);
                }
                s.close();
            } catch (InterruptedException ignored) {
                // the slice ended
            }
        }, "gcstream-slice-watchdog");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private Map<String, byte[]> secrets(PartyKeys keys) throws SliceFailure {
        try {
            Frames.In a = internal(keys, new Frames.Out(Endpoint.SECRETS).bytes(jobId).build());
            if (a.type() != Endpoint.OK) {
                throw new SliceFailure(true, "this party's driver refused the job's secrets: " + a.text());
            }
            int n = a.count(8);
            Map<String, byte[]> m = new java.util.HashMap<>();
            for (int i = 0; i < n; i++) {
                m.put(a.text(), a.bytes(64));
            }
            return m;
        } catch (IOException e) {
            throw new SliceFailure(true, Frames.line(e));
        }
    }

    private Frames.In internal(PartyKeys keys, byte[] request) throws IOException {
        return Requests.internal(keys, driverHost, driverPort, request, options.connectTimeout());
    }

    private void report(PartyKeys keys, int slice, Job.Result r) {
        try {
            internal(keys, new Frames.Out(Endpoint.RESULT).bytes(jobId).i32(round).i32(slice).i32(r.ok() ? 1 : 0)
                    .i32(r.fatal() ? 1 : 0).text(r.text()).bytes(r.payload()).build());
        } catch (IOException e) {
            throw new WorkerPairsException("slice " + slice + " could not report to its driver: " + Frames.line(e));
        } finally {
            Arrays.fill(r.payload(), (byte) 0);
        }
    }

    /** The PRF's rows: each key (a string, long, int or byte array), then its ciphertext. */
    static byte[] encodeRows(List<Object> keys, byte[][] ciphertexts) throws SliceFailure {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                Object k = keys.get(i);
                if (k instanceof String s) {
                    out.writeByte(1);
                    byte[] u = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    out.writeInt(u.length);
                    out.write(u);
                } else if (k instanceof Long l) {
                    out.writeByte(2);
                    out.writeLong(l);
                } else if (k instanceof Integer n) {
                    out.writeByte(3);
                    out.writeInt(n);
                } else if (k instanceof byte[] b) {
                    out.writeByte(4);
                    out.writeInt(b.length);
                    out.write(b);
                } else {
                    throw new SliceFailure(true, "a row key of type " + k.getClass().getSimpleName()
                            + " (keys are strings, longs, ints or binary)");
                }
                out.write(ciphertexts[i]);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // releasing
            }
        }
    }
}
