package io.gcstream.engine.internal.garble;

/** The creator's gate loop ({@link StreamingGarbler} or {@link ParallelGarbler}). */
public interface GarblerLoop extends GateLoop {
    /**
     * Holds whole batches until they make at least {@code bytes} bytes and writes them in one
     * call from then on (0: each batch at once); call between walks. See
     * {@link StreamingGarbler#sendInPiecesOf}.
     */
    void sendInPiecesOf(int bytes);
}
