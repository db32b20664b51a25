package io.gcstream.engine;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.engine.internal.session.CorrelatedOt;
import io.gcstream.ot.channel.Channel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** Test helper: two sessions on two threads running the same list of jobs. */
final class Pairs {
    /** One run: circuit and both inputs. */
    record Job(Circuit circuit, boolean[] x, boolean[] y) {
    }

    /** What each side got: outputs per job or the exception that ended it. */
    record Outcome(List<boolean[]> outputs, Throwable error, List<RunStats> stats) {
    }

    private Pairs() {
    }

    static GcSession session(Party p, Channel ch, SessionOptions o, CorrelatedOt ot) {
        return GcSession.create(p, ch, o, ot);
    }

    /** Runs the jobs on both sides; returns [creator, evaluator] outcomes. */
    static Outcome[] run(GcSession creator, GcSession evaluator, List<Job> jobs) throws Exception {
        CompletableFuture<Outcome> e = CompletableFuture.supplyAsync(
                () -> side(evaluator, jobs, Job::y));
        Outcome c = side(creator, jobs, Job::x);
        return new Outcome[] {c, e.get(60, TimeUnit.SECONDS)};
    }

    /** One side's work on its session. */
    interface Side<T> {
        T run(GcSession s) throws Exception;
    }

    /** What one side's work returned, or how it failed. */
    record Result<T>(T value, Throwable error) {
        T get() {
            if (error != null) {
                throw new AssertionError("side failed: " + error, error);
            }
            return value;
        }
    }

    /** Runs {@code c} on the creator's session and {@code e} on the evaluator's, concurrently. */
    static <T> List<Result<T>> both(GcSession creator, Side<T> c, GcSession evaluator, Side<T> e)
            throws Exception {
        CompletableFuture<Result<T>> ef = CompletableFuture.supplyAsync(() -> attempt(evaluator, e));
        Result<T> cr = attempt(creator, c);
        return List.of(cr, ef.get(60, TimeUnit.SECONDS));
    }

    private static <T> Result<T> attempt(GcSession s, Side<T> side) {
        try {
            return new Result<>(side.run(s), null);
        } catch (Throwable t) {
            return new Result<>(null, t);
        }
    }

    private static Outcome side(GcSession s, List<Job> jobs, Function<Job, boolean[]> in) {
        List<boolean[]> outs = new java.util.ArrayList<>();
        List<RunStats> stats = new java.util.ArrayList<>();
        try {
            for (Job j : jobs) {
                outs.add(s.run(j.circuit(), in.apply(j)));
                stats.add(s.lastStats());
            }
            return new Outcome(outs, null, stats);
        } catch (Throwable t) {
            return new Outcome(outs, t, stats);
        }
    }
}
