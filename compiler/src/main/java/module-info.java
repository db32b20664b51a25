/**
 * Building circuits: the typed DSL ({@link io.gcstream.compiler.dsl.Computation}), the
 * {@link io.gcstream.compiler.CircuitBuilder} under it, the Bristol importers and the standard
 * circuit library ({@link io.gcstream.compiler.lib.Library}).
 *
 * <p>API: {@code io.gcstream.compiler.dsl}, {@code io.gcstream.compiler},
 * {@code io.gcstream.compiler.lib} and {@code io.gcstream.compiler.bristol} (docs/api.md);
 * {@code io.gcstream.compiler.internal} (optimiser, slot allocator) is not exported.
 */
module io.gcstream.compiler {
    requires transitive io.gcstream.circuits;

    exports io.gcstream.compiler;
    exports io.gcstream.compiler.bristol;
    exports io.gcstream.compiler.dsl;
    exports io.gcstream.compiler.lib;
}
