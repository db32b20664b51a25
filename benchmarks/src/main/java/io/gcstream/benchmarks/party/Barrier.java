package io.gcstream.benchmarks.party;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The processes {@link PartyRates} times side by side ({@code --barrier DIR}, as
 * benchmarks/party-ceiling.sh runs them): they meet before each side's timed rounds and, with
 * {@code --turn I/N}, before each of the N turns of every round, this process timing its round
 * in turn I and waiting in the others. To meet, a process leaves a file {@code DIR/STEP-NAME}
 * and waits, at most 10 minutes, until {@code count} processes have left one for the step. It
 * waits on the folder's change notices rather than by polling, so that a waiting process does
 * not take the core of one being timed. Without a folder, nothing waits.
 */
final class Barrier implements AutoCloseable {
    private static final AtomicInteger BARRIERS = new AtomicInteger();
    /** No other process: nothing waits, and nothing changes (so it may be shared). */
    static final Barrier NONE = new Barrier(null, 1, 0, 1);
    /** Longest wait on the change notices before the folder is listed again (a notice may be lost). */
    private static final long RELIST_MILLIS = 500;
    private static final long MEET_NANOS = TimeUnit.MINUTES.toNanos(10);

    /** This barrier's files' names after the step: unique among the processes and within one. */
    private final String name = ProcessHandle.current().pid() + "-" + BARRIERS.incrementAndGet();
    private final Path dir;
    private final int count;
    private final int turn;
    private final int turns;
    private WatchService notices;
    private int step;
    /** The turn the current round has reached. */
    private int at;

    private Barrier(Path dir, int count, int turn, int turns) {
        this.dir = dir;
        this.count = count;
        this.turn = turn;
        this.turns = turns;
    }

    /**
     * {@code count} processes meeting in {@code dir} (null: none), this one timing its rounds in
     * turn I of N ({@code turn} "I/N"; "0/1": no turns).
     *
     * @throws IllegalArgumentException if {@code turn} is not I/N with 0 ≤ I < N, or names turns without a folder
     */
    static Barrier of(Path dir, int count, String turn) {
        String[] p = turn.split("/", -1);
        int i = -1;
        int n = -1;
        try {
            if (p.length == 2) {
                i = Integer.parseInt(p[0]);
                n = Integer.parseInt(p[1]);
            }
        } catch (NumberFormatException e) {
            i = -1;
        }
        if (i < 0 || i >= n) {
            throw new IllegalArgumentException("--turn: I/N with 0 <= I < N, got '" + turn + "'");
        }
        if (dir == null && n > 1) {
            throw new IllegalArgumentException("--turn " + turn + " needs --barrier");
        }
        return new Barrier(dir, count, i, n);
    }

    /** All processes meet: before a side's timed rounds, and at each turn. */
    void meet() throws Exception {
        if (dir == null) {
            return;
        }
        if (notices == null) {
            Files.createDirectories(dir);
            notices = FileSystems.getDefault().newWatchService();
            dir.register(notices, StandardWatchEventKinds.ENTRY_CREATE);
        }
        String prefix = step++ + "-";
        Files.writeString(dir.resolve(prefix + name), "");
        long end = System.nanoTime() + MEET_NANOS;
        while (true) {
            long ready;
            try (Stream<Path> f = Files.list(dir)) {
                ready = f.filter(x -> x.getFileName().toString().startsWith(prefix)).count();
            }
            if (ready >= count) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new IllegalStateException("barrier " + dir + ": " + ready + " of " + count + " processes ready");
            }
            try {
                WatchKey k = notices.poll(RELIST_MILLIS, TimeUnit.MILLISECONDS);
                if (k != null) {
                    k.pollEvents();
                    k.reset();
                }
            } catch (ClosedWatchServiceException e) {
                throw new IllegalStateException("barrier " + dir + ": its change notices closed", e);
            }
        }
    }

    /** Meets the others at each turn of the round up to this process's. */
    void awaitTurn() throws Exception {
        if (turns == 1) {
            return;
        }
        for (at = 0; at <= turn; at++) {
            meet();
        }
    }

    /** Meets the others at each turn of the round after this process's. */
    void passTurns() throws Exception {
        if (turns == 1) {
            return;
        }
        for (; at < turns; at++) {
            meet();
        }
    }

    /** Stops watching the folder. */
    @Override
    public void close() throws IOException {
        if (notices != null) {
            notices.close();
        }
    }
}
