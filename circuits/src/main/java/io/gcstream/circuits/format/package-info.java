/**
 * The circuit file formats: text {@code .gct} ({@link io.gcstream.circuits.format.GctReader},
 * {@link io.gcstream.circuits.format.GctWriter}) and binary {@code .gcb}
 * ({@link io.gcstream.circuits.format.GcbReader}, {@link io.gcstream.circuits.format.GcbWriter}),
 * specified in docs/formats.md; {@link io.gcstream.circuits.format.CircuitFiles} picks one by
 * file extension.
 */
package io.gcstream.circuits.format;
