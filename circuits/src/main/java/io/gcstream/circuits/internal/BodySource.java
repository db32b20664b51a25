package io.gcstream.circuits.internal;

import java.io.IOException;

/**
 * Something that can open a body for reading, once or many times.
 *
 * <p>Every pass must deliver the same instructions, or fail before it reports the end of the
 * body: the circuit's counts and hash describe them, and two parties agree on the hash. A source
 * that reads a file again on each pass, which may have changed meanwhile, checks what it reads
 * against what it read first ({@link io.gcstream.circuits.internal.format.RangeDigest}), as the
 * file readers do.
 */
@FunctionalInterface
public interface BodySource {
    /** Opens a fresh reader positioned before the first instruction. */
    InstructionReader open() throws IOException;
}
