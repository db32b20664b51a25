package io.gcstream.spark;

import io.gcstream.spark.internal.PairSettings;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How one party's driver and executors reach the peer: the party's TLS key files (from
 * {@code gc keygen}), the one peer certificate accepted, where the creator's endpoint listens,
 * and the deadlines. Immutable. It travels to the executors inside Spark task closures, so it
 * holds no secret: the key files' password is read where it is needed, from the environment
 * variable {@link Builder#passwordEnv(String)} or the file {@link Builder#passwordFile(Path)} (the file wins), as
 * {@code gc} reads {@code GC_TLS_PASSWORD} and {@code --tls-password-file}. Every executor of
 * the party needs the keystore, the truststore and the password at the same paths.
 *
 * <ul>
 *   <li>{@code keystore}, {@code truststore}: PKCS#12 files of this party (docs/security.md,
 *       "Setting up two parties").</li>
 *   <li>{@code peer}: the peer's certificate fingerprint (or subject), as {@code --tls-peer}
 *       takes it; required.</li>
 *   <li>{@code endpoint}: the creator's published endpoint, {@code host:port}. The creator's
 *       driver listens on its port (on {@code bindHost}); the evaluator's driver and executors
 *       connect to it.</li>
 *   <li>{@code bindHost}: the address this party's listeners bind (default {@code 0.0.0.0});
 *       {@code 127.0.0.1} keeps both parties on one machine.</li>
 *   <li>{@code portRange}: ports {@code from..to} for the listeners that are not the endpoint
 *       (a driver's party-internal key service, the creator's slice tasks, the combining run);
 *       default 0..0, any free port.</li>
 *   <li>{@code connectTimeout}: how long a pair waits for its peer task, and a driver for the
 *       peer's driver (default 60 s); {@code timeout}: how long the peer may take per step of a
 *       session (default 60 s, {@code SessionOptions.timeout}).</li>
 *   <li>{@code maxRounds}: how many times a slice is tried before the job fails (default 4).</li>
 * </ul>
 */
public final class WorkerPairsOptions implements Serializable {
    private static final long serialVersionUID = 1L;

    private final PairSettings settings;

    private WorkerPairsOptions(Builder b) {
        this.settings = new PairSettings(b.keystore, b.truststore, b.passwordEnv, b.passwordFile, b.peer,
                b.endpointHost, b.endpointPort, b.bindHost, b.portFrom, b.portTo, b.connectTimeout, b.timeout,
                b.maxRounds);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The values, for this module's code. */
    PairSettings settings() {
        return settings;
    }

    @Override
    public String toString() {
        return settings.toString();
    }

    /** Validating builder of {@link WorkerPairsOptions}. */
    public static final class Builder {
        private Path keystore;
        private Path truststore;
        private String passwordEnv = "GC_TLS_PASSWORD";
        private Path passwordFile;
        private String peer;
        private String endpointHost;
        private int endpointPort;
        private String bindHost = "0.0.0.0";
        private int portFrom;
        private int portTo;
        private Duration connectTimeout = Duration.ofSeconds(60);
        private Duration timeout = Duration.ofSeconds(60);
        private int maxRounds = 4;

        private Builder() {
        }

        /** This party's PKCS#12 keystore and truststore (one password). */
        public Builder keys(Path keystore, Path truststore) {
            this.keystore = Objects.requireNonNull(keystore, "keystore");
            this.truststore = Objects.requireNonNull(truststore, "truststore");
            return this;
        }

        /** The environment variable holding the password. */
        public Builder passwordEnv(String name) {
            this.passwordEnv = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The file whose first line is the password (wins over the environment); null for none. */
        public Builder passwordFile(Path file) {
            this.passwordFile = file;
            return this;
        }

        /** The one peer accepted: its certificate's SHA-256 fingerprint (preferred) or subject. */
        public Builder peer(String fingerprintOrSubject) {
            this.peer = Objects.requireNonNull(fingerprintOrSubject, "peer");
            return this;
        }

        /** The creator's published endpoint. */
        public Builder endpoint(String host, int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("the endpoint port must be in 1..65535, got " + port);
            }
            this.endpointHost = Objects.requireNonNull(host, "host");
            this.endpointPort = port;
            return this;
        }

        public Builder bindHost(String host) {
            this.bindHost = Objects.requireNonNull(host, "host");
            return this;
        }

        /** Ports {@code from..to} (inclusive) for the listeners other than the endpoint; 0, 0 for any. */
        public Builder portRange(int from, int to) {
            if (!(from == 0 && to == 0) && (from < 1 || to > 65535 || from > to)) {
                throw new IllegalArgumentException("a port range is from..to within 1..65535 (or 0..0 for any), got "
                        + from + ".." + to);
            }
            this.portFrom = from;
            this.portTo = to;
            return this;
        }

        public Builder connectTimeout(Duration t) {
            this.connectTimeout = positive(t, "connectTimeout");
            return this;
        }

        public Builder timeout(Duration t) {
            this.timeout = positive(t, "timeout");
            return this;
        }

        /** 1..100. */
        public Builder maxRounds(int n) {
            if (n < 1 || n > 100) {
                throw new IllegalArgumentException("maxRounds must be in 1..100, got " + n);
            }
            this.maxRounds = n;
            return this;
        }

        public WorkerPairsOptions build() {
            return new WorkerPairsOptions(this);
        }

        private static Duration positive(Duration t, String what) {
            Objects.requireNonNull(t, what);
            if (t.toMillis() < 1) {
                throw new IllegalArgumentException(what + " must be at least 1 ms, got " + t);
            }
            return t;
        }
    }
}
