package io.gcstream.spark.internal;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The values of a {@code WorkerPairsOptions}, as the driver's and the executors' code of this
 * module reads them (the public class has only its builder). Immutable and serializable: it
 * travels in task closures, so it holds no secret.
 */
public final class PairSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String keystore;
    private final String truststore;
    private final String passwordEnv;
    private final String passwordFile;
    private final String peer;
    private final String endpointHost;
    private final int endpointPort;
    private final String bindHost;
    private final int portFrom;
    private final int portTo;
    private final long connectTimeoutMillis;
    private final long timeoutMillis;
    private final int maxRounds;

    /** Checks that the required values are there; the builder of {@code WorkerPairsOptions} checked the rest. */
    public PairSettings(Path keystore, Path truststore, String passwordEnv, Path passwordFile, String peer,
            String endpointHost, int endpointPort, String bindHost, int portFrom, int portTo, Duration connectTimeout,
            Duration timeout, int maxRounds) {
        this.keystore = Objects.requireNonNull(keystore, "keystore").toString();
        this.truststore = Objects.requireNonNull(truststore, "truststore").toString();
        this.passwordEnv = passwordEnv;
        this.passwordFile = passwordFile == null ? null : passwordFile.toString();
        this.peer = Objects.requireNonNull(peer, "peer");
        this.endpointHost = Objects.requireNonNull(endpointHost, "endpoint");
        this.endpointPort = endpointPort;
        this.bindHost = bindHost;
        this.portFrom = portFrom;
        this.portTo = portTo;
        this.connectTimeoutMillis = connectTimeout.toMillis();
        this.timeoutMillis = timeout.toMillis();
        this.maxRounds = maxRounds;
    }

    public Path keystore() {
        return Path.of(keystore);
    }

    public Path truststore() {
        return Path.of(truststore);
    }

    /** The environment variable holding the key files' password (default {@code GC_TLS_PASSWORD}). */
    public String passwordEnv() {
        return passwordEnv;
    }

    /** The file whose first line is the key files' password, or null. */
    public Path passwordFile() {
        return passwordFile == null ? null : Path.of(passwordFile);
    }

    /** The peer's certificate fingerprint or subject. */
    public String peer() {
        return peer;
    }

    /** The creator endpoint's host. */
    public String endpointHost() {
        return endpointHost;
    }

    /** The creator endpoint's port. */
    public int endpointPort() {
        return endpointPort;
    }

    public String bindHost() {
        return bindHost;
    }

    /** First port of {@code portRange}, 0 for any. */
    public int portFrom() {
        return portFrom;
    }

    /** Last port of {@code portRange}, 0 for any. */
    public int portTo() {
        return portTo;
    }

    public Duration connectTimeout() {
        return Duration.ofMillis(connectTimeoutMillis);
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }

    public int maxRounds() {
        return maxRounds;
    }

    @Override
    public String toString() {
        return "WorkerPairsOptions{keystore=" + keystore + ", truststore=" + truststore + ", peer=" + peer
                + ", endpoint=" + endpointHost + ":" + endpointPort + ", bind=" + bindHost + ", ports="
                + (portFrom == 0 ? "any" : portFrom + ".." + portTo) + ", connectTimeout=" + connectTimeout()
                + ", timeout=" + timeout() + ", maxRounds=" + maxRounds + "}";
    }
}
