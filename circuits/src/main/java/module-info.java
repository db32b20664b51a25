/**
 * The circuit model of gcstream: {@link io.gcstream.circuits.Circuit}, its file formats
 * ({@code .gct}, {@code .gcb}, {@code .mec}, {@code .bmec}), the plaintext
 * {@link io.gcstream.circuits.Simulator} and {@link io.gcstream.circuits.BitCodec}.
 *
 * <p>Only {@code io.gcstream.circuits} is API (docs/api.md). The {@code internal} packages
 * (circuit bodies, the instruction walker, the file readers and writers) are exported to
 * gcstream's own compiler and engine only, which build and stream circuits through them; no
 * other module can read them.
 */
module io.gcstream.circuits {
    exports io.gcstream.circuits;
    exports io.gcstream.circuits.internal to io.gcstream.compiler, io.gcstream.engine;
    exports io.gcstream.circuits.internal.format to io.gcstream.compiler;
}
