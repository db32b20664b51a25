/**
 * Two-party computations written with typed values: a {@link io.gcstream.compiler.dsl.Computation}
 * declares each party's inputs ({@link io.gcstream.compiler.dsl.PartySide}), computes with
 * {@link io.gcstream.compiler.dsl.Bit}, {@link io.gcstream.compiler.dsl.UInt} and
 * {@link io.gcstream.compiler.dsl.SInt} methods (arithmetic, comparisons, selection, shifts,
 * table lookups), says who learns what ({@link io.gcstream.compiler.dsl.Output}) and builds an
 * ordinary {@link io.gcstream.circuits.Circuit} through the
 * {@link io.gcstream.compiler.CircuitBuilder} underneath.
 *
 * <pre>{@code
 * Computation c = new Computation();
 * UInt alice = c.creator().uint(32);
 * UInt bob = c.evaluator().uint(32);
 * Output aliceEarnsMore = c.evaluator().output(alice.greaterThan(bob));   // 32 ANDs
 * LocalPair.Outcome r = LocalPair.run(c.build(), c.creator().encode(alice, 52_000),
 *         c.evaluator().encode(bob, 48_000));
 * boolean yes = aliceEarnsMore.decodeBoolean(r.evaluatorOutputs());
 * }</pre>
 *
 * <p>Values never expose wires: a program cannot mix up a wire number with a constant, and
 * using a value in the wrong body or computation is refused before a gate is added. The
 * standard library's building blocks that are more than one operation take and return values
 * too ({@code io.gcstream.compiler.lib.Aes128}, {@code Present80}, {@code Karatsuba}).
 */
package io.gcstream.compiler.dsl;
