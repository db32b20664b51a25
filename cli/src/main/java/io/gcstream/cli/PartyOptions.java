package io.gcstream.cli;

import com.beust.jcommander.Parameter;
import com.beust.jcommander.Parameters;
import com.beust.jcommander.ParametersDelegate;
import io.gcstream.circuits.Party;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.PeerListener;
import io.gcstream.ot.channel.ChannelOptions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;

/**
 * The options of a command that runs one party against a peer, or both parties in this process:
 * {@code --role}, {@code --listen}/{@code --connect}, {@code --local}, {@code --scheme},
 * {@code --timeout}, {@code --threads}, and the network options ({@code --bind}, TLS). Shared by {@code gc run} and
 * {@code gc minimum}.
 */
@Parameters(separators = "=")
final class PartyOptions {
    /** Help of {@code --read-poll}, here and in {@code gc demo}. */
    static final String READ_POLL_HELP = "Microseconds a read that finds no data from the peer polls"
            + " for it before it sleeps, 0..10000 (default 100, 0 on a single core; 0 where threads outnumber cores)";

    @Parameter(names = "--role", description = "creator or evaluator")
    String role;

    @Parameter(names = "--listen", description = "Wait for the peer on this TCP port")
    Integer listen;

    @Parameter(names = "--connect", description = "Connect to the peer at HOST:PORT")
    String connect;

    @Parameter(names = "--local", description = "Run both parties in this process over a loopback socket")
    boolean local;

    @Parameter(names = "--scheme", descriptionKey = Arguments.Descriptions.SCHEME)
    String scheme = Scheme.HALF_GATES.toString();

    @Parameter(names = "--timeout", description = "Seconds the peer may take for each step of the protocol before"
            + " this side gives up")
    int timeoutSeconds = 60;

    @Parameter(names = "--threads", description = "Threads this party computes on (garbling or evaluating, and its"
            + " part of the OT extension), 1..64; default: the cores the JVM sees, halved when the peer is on this"
            + " machine, with garbling or evaluating on one thread below 4. The parties may use different numbers:"
            + " the bytes on the wire are the same")
    Integer threads;

    @Parameter(names = "--connect-timeout", description = "Seconds to wait for the peer to connect (listener) or to"
            + " accept the connection (connector); default: --timeout")
    Integer connectTimeoutSeconds;

    @Parameter(names = "--read-poll", description = READ_POLL_HELP)
    long readPollMicros = defaultReadPollMicros();

    @ParametersDelegate
    NetworkOptions network = new NetworkOptions();

    /** Session options from {@code --scheme}, {@code --timeout} and {@code --threads}. */
    SessionOptions sessionOptions() {
        if (timeoutSeconds < 1) {
            throw new UserError("--timeout must be at least 1 second");
        }
        if (threads != null && (threads < 1 || threads > SessionOptions.MAX_THREADS)) {
            throw new UserError("--threads must be in 1.." + SessionOptions.MAX_THREADS + ", got " + threads);
        }
        Scheme s;
        try {
            s = Scheme.parse(scheme);
        } catch (IllegalArgumentException e) {
            throw new UserError("--scheme: " + e.getMessage());
        }
        return SessionOptions.builder().scheme(s).timeout(Duration.ofSeconds(timeoutSeconds))
                .threads(threads == null ? 0 : threads).build();
    }

    /**
     * Channel options for {@code o}, with {@code --connect-timeout} (default {@code --timeout})
     * and {@code --read-poll}.
     */
    ChannelOptions channelOptions(SessionOptions o) {
        int connect = connectTimeoutSeconds == null ? timeoutSeconds : connectTimeoutSeconds;
        if (connect < 1) {
            throw new UserError("--connect-timeout must be at least 1 second");
        }
        return ChannelOptions.builder().readTimeout(o.timeout()).connectTimeout(Duration.ofSeconds(connect))
                .readPoll(readPoll(readPollMicros)).build();
    }

    /** Longest {@code --read-poll}: the 10 ms that {@link ChannelOptions.Builder#readPoll} accepts. */
    static final long MAX_READ_POLL_MICROS = 10_000;

    /** The default of {@code --read-poll}: the channels' default. */
    static long defaultReadPollMicros() {
        return ChannelOptions.defaults().readPoll().toNanos() / 1000;
    }

    /** {@code --read-poll} checked: {@code micros} microseconds, or a user error out of range. */
    static Duration readPoll(long micros) {
        if (micros < 0 || micros > MAX_READ_POLL_MICROS) {
            throw new UserError("--read-poll must be in 0.." + MAX_READ_POLL_MICROS + " microseconds, got " + micros);
        }
        return Duration.ofNanos(micros * 1000);
    }

    /** Checks that exactly one of --local and --role with one of --listen/--connect is given. */
    void validate(String inputs) {
        if (local) {
            if (role != null || listen != null || connect != null) {
                throw new UserError("--local runs both parties: use " + inputs + ", not --role/--listen/--connect");
            }
            network.rejectIn("--local");
            return;
        }
        party();
        if ((listen == null) == (connect == null)) {
            throw new UserError("give exactly one of --listen PORT and --connect HOST:PORT (or use --local)");
        }
    }

    /** The party of {@code --role}. */
    Party party() {
        if (role == null) {
            throw new UserError("--role creator|evaluator is required (or use --local)");
        }
        switch (role.toLowerCase(Locale.ROOT)) {
            case "creator", "c", "garbler":
                return Party.CREATOR;
            case "evaluator", "e":
                return Party.EVALUATOR;
            default:
                throw new UserError("--role must be creator or evaluator, not '" + role + "'");
        }
    }

    /**
     * True if this party would talk plain TCP (no TLS option given) with an address off this
     * machine: listening on a non-loopback address (the wildcard included) or connecting to a host
     * that resolves to one, as for the warning ({@link NetworkOptions#plainWarning}). A host that
     * does not resolve is left to the connection to report.
     */
    boolean plainOffLoopback() {
        if (network.keystore != null || network.truststore != null) {
            return false;
        }
        if (listen != null) {
            return !network.bindAddress().isLoopbackAddress();
        }
        int colon = connect == null ? -1 : connect.lastIndexOf(':');
        String host = colon <= 0 ? connect : connect.substring(0, colon);
        if (host == null) {
            return false;
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return !InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * Listens or connects, as the options say, and greets the peer with {@code greet}; a listener
     * keeps waiting past connections that are not a gcstream party.
     */
    <T> NetworkOptions.Greeted<T> open(ChannelOptions o, PeerListener.Greeter<T> greet) throws IOException {
        if (listen != null) {
            if (listen < 0 || listen > 65535) {
                throw new UserError("--listen: port " + listen + " is not in 0..65535");
            }
            return network.listen(listen, o, System.err, greet);
        }
        int colon = connect.lastIndexOf(':');
        if (colon <= 0 || colon == connect.length() - 1) {
            throw new UserError("--connect expects HOST:PORT, not '" + connect + "'");
        }
        int port;
        try {
            port = Integer.parseInt(connect.substring(colon + 1));
        } catch (NumberFormatException e) {
            String p = connect.substring(colon + 1);
            throw new UserError(p.matches("[0-9]+")
                    ? "--connect: port " + (p.length() > 40 ? p.substring(0, 40) + "…" : p) + " is out of range (1..65535)"
                    : "--connect: '" + p + "' is not a port number");
        }
        if (port < 1 || port > 65535) {
            throw new UserError("--connect: port " + port + " is not in 1..65535");
        }
        String host = connect.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return network.connect(host, port, o, System.err, greet);
    }
}
