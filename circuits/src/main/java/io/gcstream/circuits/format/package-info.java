/**
 * The circuit file formats, specified in docs/formats.md: gcstream's text {@code .gct}
 * ({@link io.gcstream.circuits.format.GctReader}, {@link io.gcstream.circuits.format.GctWriter})
 * and binary {@code .gcb} ({@link io.gcstream.circuits.format.GcbReader},
 * {@link io.gcstream.circuits.format.GcbWriter}), and ME-SFE's text {@code .mec}
 * ({@link io.gcstream.circuits.format.MecReader}, {@link io.gcstream.circuits.format.MecWriter})
 * and binary {@code .bmec} ({@link io.gcstream.circuits.format.BmecReader},
 * {@link io.gcstream.circuits.format.BmecWriter}). {@link io.gcstream.circuits.format.CircuitFormat}
 * tells them (and the Bristol formats) apart by content; {@link io.gcstream.circuits.format.CircuitFiles}
 * reads a file in the format its content shows.
 */
package io.gcstream.circuits.format;
