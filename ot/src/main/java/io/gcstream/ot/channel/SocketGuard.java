package io.gcstream.ot.channel;

import java.io.IOException;
import java.net.Socket;

/**
 * Deadlines for blocking calls on one TCP socket, enforced by the {@link Watchdog}: a blocking
 * socket write in Java has no timeout at all, and a TLS read may wait on several network reads
 * (each bounded by {@code SO_TIMEOUT}, the whole not), so a call that is still blocked after its
 * deadline has its socket closed, which makes it fail at once. The connection is unusable
 * afterwards; {@link #fired()} tells the failed call that it timed out rather than broke.
 *
 * <p>One slot per direction, so a reader thread and a writer thread can each be guarded.
 */
final class SocketGuard {
    /** Slot of reads. */
    static final int READ = 1;
    /** Slot of writes (and of the TLS handshake, which no one else uses the socket during). */
    static final int WRITE = 2;

    private final Socket socket;
    // Each deadline is written before its busy flag (volatile), so the watchdog that sees a
    // flag set also sees the deadline of that call.
    private volatile long readDeadline;
    private volatile boolean reading;
    private volatile long writeDeadline;
    private volatile boolean writing;
    private volatile int fired;

    SocketGuard(Socket socket) {
        this.socket = socket;
    }

    /** Starts watching; call {@link #release()} when the socket is closed. */
    SocketGuard watch() {
        Watchdog.watch(this);
        return this;
    }

    /** Stops watching. */
    void release() {
        Watchdog.unwatch(this);
    }

    /** A blocking call in {@code slot} starts; it may block until {@code deadline}. */
    void begin(int slot, long deadline) {
        if (slot == READ) {
            readDeadline = deadline;
            reading = true;
        } else {
            writeDeadline = deadline;
            writing = true;
        }
    }

    /** The blocking call in {@code slot} returned (normally or not). */
    void end(int slot) {
        if (slot == READ) {
            reading = false;
        } else {
            writing = false;
        }
    }

    /** The slot whose deadline closed the socket ({@link #READ} or {@link #WRITE}), or 0. */
    int fired() {
        return fired;
    }

    /** The socket is closed (by anyone): nothing left to watch. */
    boolean done() {
        return socket.isClosed();
    }

    /** Called by the watchdog: closes the socket if a call outlived its deadline. */
    void check(long now) {
        // A call that returns just as its deadline passes may still be seen as busy here; it
        // then loses its connection a moment late, which is the same outcome as timing out.
        if (reading && now - readDeadline >= 0) {
            fire(READ);
        } else if (writing && now - writeDeadline >= 0) {
            fire(WRITE);
        }
    }

    private void fire(int slot) {
        if (fired == 0) {
            fired = slot;
        }
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is all we can do; a failure to close leaves nothing else to try.
        }
    }
}
