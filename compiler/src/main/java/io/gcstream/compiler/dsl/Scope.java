package io.gcstream.compiler.dsl;

/** The body a value was made in: the main circuit or one sub-circuit definition (identity only). */
final class Scope {
    private final String name;

    Scope(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
