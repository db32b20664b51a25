package io.gcstream.circuits.internal;

import java.io.IOException;

/**
 * A circuit's main body cut into <em>segments</em>, and each segment into <em>pieces</em> that a
 * team of threads runs at once, any piece on any thread, meeting only between segments: the
 * schedule a generator knows from its structure (an AND level cut by lanes, a grid's groups of
 * lanes), recorded so that no thread scans gates for dependencies at run time. A {@link BodySource} may offer one
 * ({@link Circuits#schedule}).
 *
 * <p>The contract, which the engine relies on and does not check:
 * <ul>
 *   <li>For any number of pieces {@code n} the body, as {@link CircuitWalker} flattens it, is
 *       segment 0's pieces 0 .. n-1 in order, then segment 1's, and so on: the same gates in the same
 *       order, so that hash tweaks and the table stream do not depend on {@code n}.</li>
 *   <li>Within a segment, no gate of one piece reads or writes a slot that a gate of another
 *       piece of that segment writes.</li>
 *   <li>Every piece holds gates only (calls arrive expanded, over absolute label slots) and
 *       states its non-linear gates exactly, as do the segment's other pieces.</li>
 *   <li>A piece may place the frames of the calls it expands elsewhere than the walk does, so
 *       that pieces' frames do not meet: each slot at or above the main frame's size in the
 *       walked gates appears in the piece moved by one offset, the piece's own for the whole
 *       pass, to slots below the circuit's {@code labelSlots()} that the body itself never
 *       touches. A frame holds only its call's temporaries, so no label, tweak or table
 *       changes.</li>
 * </ul>
 * Thread-safe: pieces are opened and read independently.
 */
public interface Schedule {
    /** The most non-linear gates a segment should hold for an engine to run it by its schedule. */
    int MAX_SEGMENT_NON_LINEAR = 1 << 16;

    /** The most non-linear gates a segment holds: the room a team's table buffers need. */
    int maxSegmentNonLinear();

    /** Opens piece {@code piece} of every segment cut into {@code pieces} pieces, for one pass. */
    Piece open(int pieces, int piece) throws IOException;

    /**
     * One piece of every segment, read segment by segment, perhaps by another thread each
     * segment (handed over with a happens-before edge). Not thread-safe.
     */
    interface Piece {
        /**
         * Moves to the next segment; false after the last (every piece of a pass has as many).
         * Gates of the current segment not read yet are skipped: a piece may serve to count.
         */
        boolean nextSegment() throws IOException;

        /** Non-linear gates of the current segment in the pieces before this one. */
        int nonLinearBefore();

        /** Non-linear gates of this piece of the current segment. */
        int nonLinear();

        /** Non-linear gates of the whole current segment. */
        int segmentNonLinear();

        /**
         * Writes up to {@code max} of this piece's next gates of the current segment into
         * {@code ops} from {@code off} on, as {@link GateSink} has them; returns how many, 0 once
         * the piece is done.
         */
        int gates(int[] ops, int off, int max) throws IOException;
    }
}
