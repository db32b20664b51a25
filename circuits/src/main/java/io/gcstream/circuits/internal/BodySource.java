package io.gcstream.circuits.internal;

import java.io.IOException;

/** Something that can open a body for reading, once or many times. */
@FunctionalInterface
public interface BodySource {
    /** Opens a fresh reader positioned before the first instruction. */
    InstructionReader open() throws IOException;
}
