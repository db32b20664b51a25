package io.gcstream.engine.internal.session;

import io.gcstream.ot.channel.Channel;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * How many threads a party computes on when its options leave it open
 * ({@code SessionOptions.AUTO_THREADS}): every core the JVM sees, or half of them when the
 * peer runs on the same machine, whose cores the two parties then share. A worker that spins
 * for its next hand-off would otherwise take the core the peer is computing on; on this
 * project's 2-core machine a two-party run then uses one thread per party, exactly as before
 * threads existed. Internal.
 */
public final class PartyThreads {
    private PartyThreads() {
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
