/**
 * The circuit file formats, specified in docs/formats.md: gcstream's text {@code .gct}
 * ({@link io.gcstream.circuits.internal.format.GctReader}, {@link io.gcstream.circuits.internal.format.GctWriter})
 * and binary {@code .gcb} ({@link io.gcstream.circuits.internal.format.GcbReader},
 * {@link io.gcstream.circuits.internal.format.GcbWriter}), and ME-SFE's text {@code .mec}
 * ({@link io.gcstream.circuits.internal.format.MecReader}, {@link io.gcstream.circuits.internal.format.MecWriter})
 * and binary {@code .bmec} ({@link io.gcstream.circuits.internal.format.BmecReader},
 * {@link io.gcstream.circuits.internal.format.BmecWriter}). {@link io.gcstream.circuits.CircuitFormat}
 * tells them (and the Bristol formats) apart by content; {@link io.gcstream.circuits.CircuitFiles}
 * reads a file in the format its content shows.
 */
package io.gcstream.circuits.internal.format;
