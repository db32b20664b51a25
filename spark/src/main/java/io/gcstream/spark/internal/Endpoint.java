package io.gcstream.spark.internal;

import io.gcstream.circuits.Party;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.PeerTimeoutException;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.spark.WorkerPairsException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLServerSocket;
import org.slf4j.Logger;

/**
 * A driver's pairing service. Every party's driver runs a <b>party-internal service</b> (TLS
 * that only the party's own certificate opens) from which its executors fetch the job's
 * secrets and to which they report where they listen and what their slice gave. The creator's
 * driver also runs the <b>published endpoint</b> (TLS pinned to the evaluator, as every
 * gcstream connection): the evaluator's driver joins jobs and reports rounds there, and the
 * evaluator's slice tasks ask it where the creator's task of their slice listens.
 *
 * <p>One request per connection: a frame in, a frame out, both bounded ({@link Frames}); a
 * connection may take {@link #REQUEST_TIMEOUT} in all; at most {@link #HANDLERS} are served at
 * once and further ones are refused. Errors go back as one line. Internal.
 */
public final class Endpoint implements AutoCloseable {
    private static final class Log {
        static final Logger LOG = Logs.get(Endpoint.class);
    }

    /** Requests. */
    public static final int JOIN = 1;
    public static final int WHERE = 2;
    public static final int ROUND_END = 3;
    public static final int DECISION = 4;
    public static final int SECRETS = 11;
    public static final int LISTEN = 12;
    public static final int STATUS = 13;
    public static final int RESULT = 14;
    /** Answers. */
    public static final int OK = 100;
    public static final int WAIT = 101;
    public static final int RETRY = 102;
    public static final int ERR = 103;
    public static final int ENDED = 104;

    /** Longest a request connection may stay open. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);
    /** Requests served at once. */
    static final int HANDLERS = 64;
    /** Most slices of a job. */
    public static final int MAX_SLICES = 4096;

    private final Party role;
    private final PairSettings options;
    private final PartyKeys keys;
    private final SSLServerSocket internal;
    private final ServerSocket published;
    private final ExecutorService handlers;
    private final Map<String, Job> jobs = new ConcurrentHashMap<>();
    /** Creator: jobs by their sequence number, for the evaluator's JOIN. */
    private final Map<Integer, Job> bySeq = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public Endpoint(Party role, PairSettings options, PartyKeys keys) {
        this.role = role;
        this.options = options;
        this.keys = keys;
        this.handlers = new ThreadPoolExecutor(2, HANDLERS, 10, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "gcstream-spark-endpoint");
            t.setDaemon(true);
            return t;
        });
        try {
            internal = keys.internalServer();
            bindInRange(internal);
            published = role == Party.CREATOR ? new ServerSocket() : null;
            if (published != null) {
                published.setReuseAddress(true);
                published.bind(new InetSocketAddress(options.bindHost(), options.endpointPort()));
            }
        } catch (IOException e) {
            handlers.shutdownNow();
            throw new WorkerPairsException("cannot listen for the " + (role == Party.CREATOR ? "creator" : "evaluator")
                    + "'s pairing service on " + options.bindHost() + ": " + Frames.line(e));
        }
        daemon("gcstream-spark-internal", this::serveInternal);
        if (published != null) {
            daemon("gcstream-spark-published", this::servePublished);
        }
    }

    /** Binds {@code s} on the bind host at a port of the options' range (any if none). */
    void bindInRange(ServerSocket s) throws IOException {
        s.setReuseAddress(true);
        bind(s, options);
    }

    /** Binds {@code s} on {@code o}'s bind host at a free port of its range. */
    public static void bind(ServerSocket s, PairSettings o) throws IOException {
        if (o.portFrom() == 0) {
            s.bind(new InetSocketAddress(o.bindHost(), 0));
            return;
        }
        IOException last = null;
        for (int p = o.portFrom(); p <= o.portTo(); p++) {
            try {
                s.bind(new InetSocketAddress(o.bindHost(), p));
                return;
            } catch (IOException e) {
                last = e;
            }
        }
        throw new IOException("no free port in " + o.portFrom() + ".." + o.portTo()
                + (last == null ? "" : " (" + Frames.line(last) + ")"));
    }

    /**
     * The address to give out for a listener bound on {@code o}'s bind host: that host, unless it
     * is a wildcard, else {@code fallback} (the address Spark gives out for this process).
     */
    public static String advertised(PairSettings o, String fallback) {
        String b = o.bindHost();
        return b.equals("0.0.0.0") || b.equals("::") || b.equals("[::]") ? fallback : b;
    }

    /** The port of the party-internal service. */
    public int internalPort() {
        return internal.getLocalPort();
    }

    /** A new job of the creator, which the evaluator's JOIN of {@code seq} finds. */
    public Job open(int seq, int kind, int slices) {
        byte[] id = new byte[16];
        new SecureRandom().nextBytes(id);
        Job j = new Job(id, seq, kind, slices);
        jobs.put(j.id(), j);
        if (role == Party.CREATOR) {
            bySeq.put(seq, j);
        }
        return j;
    }

    /** The evaluator's record of a job the creator named. */
    public Job adopt(byte[] id, int seq, int kind, int slices) {
        Job j = new Job(id, seq, kind, slices);
        jobs.put(j.id(), j);
        return j;
    }

    /** Forgets {@code j} and wipes its secrets. */
    public void forget(Job j) {
        jobs.remove(j.id());
        bySeq.remove(j.seq(), j);
        j.wipe();
    }

    // ---------------------------------------------------------------- serving

    private void serveInternal() {
        while (!closed) {
            Socket s;
            try {
                s = internal.accept();
            } catch (IOException e) {
                if (!closed) {
                    Log.LOG.warn("party-internal service: {}", Frames.line(e));
                }
                continue;
            }
            dispatch(() -> {
                try (Socket c = s) {
                    c.setSoTimeout((int) REQUEST_TIMEOUT.toMillis());
                    ((javax.net.ssl.SSLSocket) c).startHandshake();
                    Frames.Link link = Frames.over(c);
                    link.send(internalAnswer(new Frames.In(link.receive(Frames.LARGE), link.peer())));
                } catch (IOException e) {
                    Log.LOG.warn("party-internal service: a request from {} failed: {}", s.getRemoteSocketAddress(),
                            Frames.line(e));
                }
            }, s);
        }
    }

    private void servePublished() {
        // One accept call waits as long as it takes (closing the socket ends it); each TLS
        // handshake has Transport.HANDSHAKE_TIMEOUT of its own.
        ChannelOptions co = ChannelOptions.builder().connectTimeout(Duration.ofDays(365))
                .readTimeout(REQUEST_TIMEOUT).writeTimeout(REQUEST_TIMEOUT).bufferSize(1 << 16).build();
        while (!closed) {
            TcpChannel ch;
            try {
                ch = keys.peer().accept(published, co, reason -> Log.LOG.warn("pairing endpoint: {}", reason));
            } catch (PeerTimeoutException e) {
                continue;
            } catch (IOException e) {
                if (!closed && !(e instanceof SocketException)) {
                    Log.LOG.warn("pairing endpoint: {}", Frames.line(e));
                }
                continue;
            }
            dispatch(() -> {
                Frames.Link link = Frames.over(ch);
                try (link) {
                    link.send(publishedAnswer(new Frames.In(link.receive(Frames.SMALL), link.peer())));
                } catch (IOException e) {
                    Log.LOG.warn("pairing endpoint: a request from {} failed: {}", link.peer(), Frames.line(e));
                }
            }, ch);
        }
    }

    private void dispatch(Runnable r, AutoCloseable c) {
        try {
            handlers.execute(r);
        } catch (RejectedExecutionException e) {
            Log.LOG.warn("pairing service: more than {} requests at once; one refused", HANDLERS);
            try {
                c.close();
            } catch (Exception ignored) {
                // refused
            }
        }
    }

    private Job job(Frames.In in) throws IOException {
        String id = java.util.HexFormat.of().formatHex(in.bytes(16));
        Job j = jobs.get(id);
        if (j == null) {
            throw new IOException("no job " + id + " here (it ended, or it is another driver's)");
        }
        return j;
    }

    /** An answer to one of this party's own executors. */
    private byte[] internalAnswer(Frames.In in) throws IOException {
        int type = in.type();
        try {
            Job j = job(in);
            switch (type) {
                case SECRETS: {
                    Frames.Out out = new Frames.Out(OK);
                    Map<String, byte[]> s = j.secrets();
                    out.i32(s.size());
                    s.forEach((k, v) -> {
                        out.text(k).bytes(v);
                        java.util.Arrays.fill(v, (byte) 0);
                    });
                    return out.build();
                }
                case LISTEN: {
                    int round = in.i32();
                    int slice = in.i32();
                    String host = in.text();
                    int port = in.i32();
                    long rows = in.i64();
                    j.listening(round, slice, new Job.Address(host, port, rows));
                    return new Frames.Out(OK).build();
                }
                case STATUS: {
                    int round = in.i32();
                    boolean over = role == Party.CREATOR ? j.peerEnded(round) || j.ended(round) : j.ended(round);
                    return new Frames.Out(over ? ENDED : OK).build();
                }
                case RESULT: {
                    int round = in.i32();
                    int slice = in.i32();
                    boolean ok = in.i32() == 1;
                    boolean fatal = in.i32() == 1;
                    String text = in.text();
                    byte[] payload = in.bytes(Frames.LARGE);
                    boolean kept = j.report(round, slice, new Job.Result(ok, fatal, text, payload));
                    return new Frames.Out(kept ? OK : ENDED).build();
                }
                default:
                    return new Frames.Out(ERR).text("unknown request " + type).build();
            }
        } catch (IOException e) {
            return new Frames.Out(ERR).text(Frames.line(e)).build();
        }
    }

    /** An answer to the evaluator (its driver or a slice task), on the creator's published endpoint. */
    private byte[] publishedAnswer(Frames.In in) throws IOException {
        int type = in.type();
        try {
            if (type == JOIN) {
                int seq = in.i32();
                int kind = in.i32();
                int slices = in.i32();
                Job j = bySeq.get(seq);
                if (j == null) {
                    return new Frames.Out(WAIT).build();
                }
                if (j.kind() != kind || j.slices() != slices) {
                    return new Frames.Out(ERR).text("job " + seq + " is " + describe(j.kind(), j.slices())
                            + " on the creator but " + describe(kind, slices) + " on the evaluator").build();
                }
                return new Frames.Out(OK).bytes(java.util.HexFormat.of().parseHex(j.id())).build();
            }
            Job j = job(in);
            int round = in.i32();
            switch (type) {
                case WHERE: {
                    int slice = in.i32();
                    Job.Address a = j.where(round, slice);
                    if (a != null) {
                        return new Frames.Out(OK).text(a.host()).i32(a.port()).i64(a.rows()).build();
                    }
                    if (j.ended(round)) {
                        String f = j.fatal();
                        return f != null ? new Frames.Out(ERR).text("the creator's side failed: " + f).build()
                                : new Frames.Out(RETRY).text("the creator's round " + round + " ended before its task"
                                        + " of slice " + slice + " listened").build();
                    }
                    return new Frames.Out(WAIT).build();
                }
                case ROUND_END: {
                    int n = in.count(MAX_SLICES);
                    Map<Integer, String> held = new TreeMap<>();
                    for (int i = 0; i < n; i++) {
                        held.put(in.i32(), in.text());
                    }
                    boolean fatal = in.i32() == 1;
                    String failure = in.text();
                    j.peerReport(round, held, fatal, failure.isEmpty() ? null : failure);
                    return new Frames.Out(OK).build();
                }
                case DECISION: {
                    Job.Decision d = j.decision(round);
                    if (d == null) {
                        return new Frames.Out(WAIT).build();
                    }
                    j.fetched(round);
                    return encode(d);
                }
                default:
                    return new Frames.Out(ERR).text("unknown request " + type).build();
            }
        } catch (IOException e) {
            return new Frames.Out(ERR).text(Frames.line(e)).build();
        }
    }

    static String describe(int kind, int slices) {
        return (kind == Job.PRF ? "the oblivious PRF" : kind == Job.AGGREGATE ? "the aggregate" : "kind " + kind)
                + " over " + slices + " slices";
    }

    static byte[] encode(Job.Decision d) {
        Frames.Out out = new Frames.Out(OK).i32(d.kind());
        BitSet b = d.done();
        out.i32(b.cardinality());
        b.stream().forEach(out::i32);
        out.i32(d.combinePort());
        out.text(d.failure() == null ? "" : d.failure());
        return out.build();
    }

    public static Job.Decision decodeDecision(Frames.In in, int slices) throws IOException {
        int kind = in.i32();
        if (kind < Job.Decision.NEXT || kind > Job.Decision.FAIL) {
            throw in.malformed("decision " + kind);
        }
        int n = in.count(slices);
        BitSet b = new BitSet(slices);
        for (int i = 0; i < n; i++) {
            int s = in.i32();
            if (s < 0 || s >= slices) {
                throw in.malformed("slice " + s);
            }
            b.set(s);
        }
        int port = in.i32();
        String failure = in.text();
        return new Job.Decision(kind, b, port, failure.isEmpty() ? null : failure);
    }

    private static void daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        closed = true;
        try {
            internal.close();
        } catch (IOException ignored) {
            // closing
        }
        if (published != null) {
            try {
                published.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        handlers.shutdownNow();
        for (Job j : jobs.values()) {
            j.wipe();
        }
        jobs.clear();
    }
}
