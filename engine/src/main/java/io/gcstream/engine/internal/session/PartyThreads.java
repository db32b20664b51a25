package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.DuplexChannel;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * How many threads a party computes on when its options leave it open
 * ({@code SessionOptions.AUTO_THREADS}): every core the JVM sees, or half of them when the
 * peer runs on the same machine, whose cores the two parties then share. A worker that spins
 * for its next hand-off would otherwise take the core the peer is computing on; on a 2-core
 * machine a two-party run then uses one thread per party. Internal.
 *
 * <p>The gate loop takes the automatic count only from {@link #MIN_AUTO_LOOP_THREADS} threads
 * for a circuit without a schedule: on 2 cores, with one party alone, a gate loop of 2 threads
 * garbles and evaluates it no faster than one (its owner's serial scan is a large share of the
 * work, and each hand-off costs), while the OT extension's larger jobs, runs computed beside
 * each other (whole runs a thread, one hand-off a run) and a circuit that carries a schedule
 * (threads claiming its pieces) gain from the second thread, busy core or not
 * (docs/performance.md, "One party alone", has the figures). An explicit count is taken as it
 * is, for all of them.
 */
public final class PartyThreads {
    /** Fewest automatic threads with which the gate loop uses more than one. */
    public static final int MIN_AUTO_LOOP_THREADS = 4;

    private PartyThreads() {
    }

    /**
     * Threads of the gate loop for a party of {@code resolved} threads (from
     * {@link #resolve}) that asked for {@code requested}: all of them if it asked for a number,
     * else all from {@link #MIN_AUTO_LOOP_THREADS} on and one below.
     */
    public static int gateLoop(int requested, int resolved) {
        if (requested > 0 || resolved >= MIN_AUTO_LOOP_THREADS) {
            return resolved;
        }
        return 1;
    }

    /**
     * Threads for runs computed beside each other (a sequence of runs, each on a thread of its
     * own) for a party of {@code resolved} threads that asked for {@code requested}: all of
     * them, automatic or not; 2 or more turns them on.
     */
    public static int runs(int requested, int resolved) {
        return requested > 0 ? requested : resolved;
    }

    /**
     * Whether one thread may read {@code ch} while another writes it, as runs garbled beside
     * each other need (a run's thread writes its tables while the owner reads the next run's
     * inputs): a {@link DuplexChannel} says so (TCP and in-memory channels, the transcript of
     * tests and audits). Other channels are not assumed to: their runs go one after another.
     */
    public static boolean readsWhileWriting(Channel ch) {
        return ch instanceof DuplexChannel;
    }

    /** {@code requested} if it is at least 1, else the automatic count for {@code ch}'s peer. */
    public static int resolve(int requested, Channel ch, int max) {
        if (requested > 0) {
            return requested;
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int n = sameMachine(ch.peer()) ? cores / 2 : cores;
        return Math.max(1, Math.min(max, n));
    }

    /**
     * Whether a channel's peer (as {@code Channel.peer()} names it: {@code host:port} with an IP
     * address, or {@code memory:…} for an in-memory pair) is on this machine: an in-memory
     * channel, a loopback or wildcard address, or an address of one of this machine's
     * interfaces. Names that are not IP literals are not looked up (no DNS): false.
     */
    static boolean sameMachine(String peer) {
        if (peer == null) {
            return false;
        }
        if (peer.startsWith("memory:")) {
            return true;
        }
        int colon = peer.lastIndexOf(':');
        String host = colon > 0 ? peer.substring(0, colon) : peer;
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (!isIpLiteral(host)) {
            return false;
        }
        try {
            InetAddress a = InetAddress.getByName(host);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (UnknownHostException | SocketException | RuntimeException e) {
            return false;
        }
    }

    private static boolean isIpLiteral(String host) {
        if (host.isEmpty()) {
            return false;
        }
        boolean v6 = host.indexOf(':') >= 0;
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = v6 ? Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%'
                    : (c >= '0' && c <= '9') || c == '.';
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
