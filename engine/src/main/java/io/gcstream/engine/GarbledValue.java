package io.gcstream.engine;

import io.gcstream.engine.internal.state.ValueOrigin;
import java.util.Arrays;

/**
 * A value that stays garbled: the output bits of an earlier run that neither party decoded,
 * held as labels by both. The creator holds each bit's 0-label, the evaluator the label of the
 * bit's actual value; neither learns the value. Feed it into a later run of the same session
 * with {@link RunSpec.Builder#input}, where it costs no oblivious transfer and no bytes, or
 * save it for a later session with {@link GcSession#saveState}.
 *
 * <p>The two parties' handles of one value are different objects with the same {@link #id()}
 * (values are numbered in the order the session keeps them). A value belongs to the session
 * that made it: using it in another session is an {@link IllegalArgumentException}. Using it as
 * an input consumes it; after that, or after {@link #discard()}, it is gone and using it again
 * is an {@link IllegalStateException}. Not thread-safe; use it from the session's thread.
 */
public final class GarbledValue {
    private final Object session;
    private final long id;
    private final int width;
    private final ValueOrigin origin;
    private long[] labels;
    private String gone;

    GarbledValue(Object session, long id, long[] labels, ValueOrigin origin) {
        this.session = session;
        this.id = id;
        this.width = labels.length / 2;
        this.labels = labels;
        this.origin = origin;
    }

    /** The number both parties' sessions gave this value (0 for the first value kept). */
    public long id() {
        return id;
    }

    /** The number of bits. */
    public int width() {
        return width;
    }

    /** The run outputs it came from. */
    ValueOrigin origin() {
        return origin;
    }

    /** True until the value is consumed by a run or discarded. */
    public boolean isAvailable() {
        return labels != null;
    }

    /**
     * Forgets the labels (overwriting them). The peer's handle is not affected; discard it there
     * too, or the peer keeps holding its half.
     */
    public void discard() {
        release("discarded");
    }

    /** The labels, checked to belong to {@code owner} and still available; for the session. */
    long[] labels(Object owner) {
        check(owner);
        return labels;
    }

    /** Marks the value consumed by {@code what} and wipes its labels. */
    void consume(Object owner, String what) {
        check(owner);
        release("consumed by " + what);
    }

    void check(Object owner) {
        if (owner != session) {
            throw new IllegalArgumentException("garbled value #" + id + " belongs to another session");
        }
        if (labels == null) {
            throw new IllegalStateException("garbled value #" + id + " is gone: it was " + gone);
        }
    }

    private void release(String why) {
        if (labels != null) {
            Arrays.fill(labels, 0L);
            labels = null;
            gone = why;
        }
    }

    @Override
    public String toString() {
        return "GarbledValue#" + id + "{" + width + " bits" + (labels == null ? ", " + gone : "") + "}";
    }
}
