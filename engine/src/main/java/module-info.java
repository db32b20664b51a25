/**
 * Two-party computation with streamed garbled circuits: {@link io.gcstream.engine.GcSession}
 * (one party), {@link io.gcstream.engine.LocalPair} (both in one process), runs, kept garbled
 * values and saved state.
 *
 * <p>Only {@code io.gcstream.engine} is API (docs/api.md); the garbling schemes and the session
 * protocol in {@code io.gcstream.engine.internal…} are not exported. The circuit model and the
 * channels appear in the API, so this module's readers read them too.
 */
module io.gcstream.engine {
    requires transitive io.gcstream.circuits;
    requires transitive io.gcstream.ot;
    requires org.slf4j;

    exports io.gcstream.engine;
}
