package io.gcstream.ot.internal.parallel;

/**
 * Counts the live threads of one team, pool or background by their name, for tests that
 * check a thread ended: {@link Workers#liveThreads()} counts every team's threads, and other
 * tests' idle workers may end or start meanwhile.
 */
final class TestThreads {
    private TestThreads() {
    }

    /** Live threads named {@code gcstream-NAME} or {@code gcstream-NAME-k}. */
    static long named(String name) {
        String exact = "gcstream-" + name;
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && (t.getName().equals(exact) || t.getName().startsWith(exact + "-")))
                .count();
    }
}
