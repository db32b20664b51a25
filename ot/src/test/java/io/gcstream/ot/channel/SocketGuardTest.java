package io.gcstream.ot.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

class SocketGuardTest {
    @Test
    void aReadBlockedPastItsDeadlineIsEndedByTheWatchdog() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket s = new Socket("127.0.0.1", server.getLocalPort());
                Socket silent = server.accept()) {
            s.setSoTimeout(0); // no SO_TIMEOUT: only the watchdog can end this read
            SocketGuard g = new SocketGuard(s).watch();
            try {
                long start = System.nanoTime();
                g.begin(SocketGuard.READ, start + 300_000_000L);
                assertThrows(IOException.class, () -> s.getInputStream().read());
                g.end(SocketGuard.READ);
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertEquals(SocketGuard.READ, g.fired());
                assertTrue(s.isClosed());
                assertTrue(ms < 10_000, "read ended after " + ms + " ms"); // the watchdog, however loaded the machine
            } finally {
                g.release();
            }
        }
    }

    @Test
    void aCallThatEndedInTimeIsLeftAlone() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket s = new Socket("127.0.0.1", server.getLocalPort());
                Socket peer = server.accept()) {
            SocketGuard g = new SocketGuard(s).watch();
            try {
                g.begin(SocketGuard.WRITE, System.nanoTime() + 100_000_000L);
                s.getOutputStream().write(1);
                g.end(SocketGuard.WRITE);
                Thread.sleep(3 * Watchdog.TICK_MILLIS + 200);
                assertEquals(0, g.fired());
                assertFalse(s.isClosed());
                assertEquals(1, peer.getInputStream().read());
            } finally {
                g.release();
            }
        }
    }

    @Test
    void checkFiresTheSlotWhoseDeadlinePassed() throws Exception {
        try (Socket s = new Socket()) {
            SocketGuard g = new SocketGuard(s);
            long now = System.nanoTime();
            g.begin(SocketGuard.WRITE, now + 10);
            g.check(now);
            assertEquals(0, g.fired());
            g.check(now + 10);
            assertEquals(SocketGuard.WRITE, g.fired());
            assertTrue(g.done());
        }
    }
}
