package io.gcstream.engine.internal.garble;

import java.io.IOException;

/**
 * A {@link TableInput} whose bytes may already lie in one array, so that an evaluator reads
 * tables where they are instead of copying them ({@link StreamingEvaluator}).
 */
interface TableView extends TableInput {
    /** The array the bytes {@link #take} gives lie in. */
    byte[] array();

    /**
     * Takes the next {@code len} bytes if they lie in {@link #array()} in one piece: returns
     * where they start; else returns -1 and takes nothing (then {@link #read} them).
     */
    int take(int len) throws IOException;
}
