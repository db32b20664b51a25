package io.gcstream.compiler.bristol;

import io.gcstream.compiler.internal.Program;
import java.io.IOException;
import java.io.Reader;

/** The importer's intermediate representation, for the tests of the compiler's passes. */
public final class BristolPrograms {
    private BristolPrograms() {
    }

    /** A Bristol text parsed with the default options, not compiled (see {@code BristolImporter.parse}). */
    @SuppressWarnings("exports")
    public static Program parse(Reader reader, String name, boolean old) throws IOException {
        return BristolImporter.parse(reader, name, old, BristolOptions.defaults());
    }
}
