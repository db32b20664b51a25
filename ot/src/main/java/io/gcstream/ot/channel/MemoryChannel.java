package io.gcstream.ot.channel;

/**
 * In-memory {@link Channel}s for tests: {@link #pair(ChannelOptions)} gives two connected ends,
 * joined by two bounded byte pipes (one per direction). Reads block with the same timeout and
 * deadline semantics as {@link TcpChannel}; a write into a full pipe also waits at most the write
 * timeout or the phase deadline (then {@link PeerTimeoutException}), so a test that forgot a
 * reader fails instead of hanging. Closing one end makes the other end's reads fail with
 * {@link PeerClosedException} once it has drained what was already sent. A reader thread and a
 * writer thread may use an end at once.
 */
public final class MemoryChannel {
    private MemoryChannel() {
    }

    /**
     * Two connected channels ({@link ChannelOptions#defaults()}: 64 KiB buffers, 60 s timeouts);
     * each pipe holds up to 4 buffers of {@code o}'s buffer size.
     */
    public static Channel[] pair(ChannelOptions o) {
        int capacity = 4 * o.bufferSize();
        MemoryEnd.Pipe ab = new MemoryEnd.Pipe(capacity);
        MemoryEnd.Pipe ba = new MemoryEnd.Pipe(capacity);
        return new Channel[] {
            new MemoryEnd(ba, ab, "memory:a", "memory:b", o),
            new MemoryEnd(ab, ba, "memory:b", "memory:a", o)
        };
    }
}
