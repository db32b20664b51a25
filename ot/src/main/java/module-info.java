/**
 * Oblivious transfer and the connection between the two parties: channels over TCP or TLS 1.3
 * with deadlines ({@code io.gcstream.ot.channel}), and base OT and OT extension on their own
 * ({@code io.gcstream.ot}).
 *
 * <p>Those two packages are the API (docs/api.md). The crypto primitives, base OTs, worker
 * threads and logging helper in {@code io.gcstream.ot.internal…} are exported to gcstream's
 * engine only, which garbles with the same fixed-key AES and PRG, runs the base OTs of a
 * single-run session itself and computes on the same kind of worker team; no other module can
 * read them.
 */
module io.gcstream.ot {
    requires org.bouncycastle.provider;
    requires org.slf4j;

    exports io.gcstream.ot;
    exports io.gcstream.ot.channel;
    exports io.gcstream.ot.internal to io.gcstream.engine;
    exports io.gcstream.ot.internal.base to io.gcstream.engine;
    exports io.gcstream.ot.internal.crypto to io.gcstream.engine;
    exports io.gcstream.ot.internal.parallel to io.gcstream.engine;

    // Logs looks for an SLF4J provider before it asks SLF4J for a logger.
    uses org.slf4j.spi.SLF4JServiceProvider;
}
