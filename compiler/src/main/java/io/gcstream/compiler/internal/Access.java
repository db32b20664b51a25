package io.gcstream.compiler.internal;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.compiler.dsl.UInt;
import io.gcstream.compiler.dsl.Value;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How the compiler's own packages reach what its public classes keep to themselves: the
 * standard library writes its circuits on the builder's words and offers them on the DSL's
 * typed values, and compiles the sub-circuits a builder recorded. {@link CircuitBuilder} and
 * {@link Computation} register their side once, in their static initialisers, which have run
 * by the time one of their instances (or a value) exists.
 */
public final class Access {
    /** What a {@link CircuitBuilder} lends. */
    public interface Builder {
        /** The sub-circuits defined so far, in order (a call names one by its position). */
        List<Program.Sub> subCircuits(CircuitBuilder b);
    }

    /** What the DSL lends. */
    public interface Dsl {
        /** The builder {@code c} writes into. */
        CircuitBuilder builder(Computation c);

        /**
         * The computation {@code values} (at least one) belong to.
         *
         * @throws IllegalArgumentException if they belong to different computations
         */
        Computation computation(Value... values);

        /**
         * The wires of {@code v}, bit 0 first, once it is checked to be usable in the body
         * being built (else {@link IllegalArgumentException}, as for any operation).
         */
        Word word(Value v);

        /** {@code w}, wires of the body being built in {@code c}, as an unsigned value of it. */
        UInt uint(Computation c, Word w);

        /** The object {@code c} keeps under {@code key}, made by {@code make} on first use. */
        <T> T local(Computation c, Class<T> key, Supplier<T> make);
    }

    private static volatile Builder builder;
    private static volatile Dsl dsl;

    private Access() {
    }

    /** Called once, by {@link CircuitBuilder}'s static initialiser. */
    public static synchronized void register(Builder b) {
        if (builder != null) {
            throw new IllegalStateException("registered twice");
        }
        builder = Objects.requireNonNull(b);
    }

    /** Called once, by {@link Computation}'s static initialiser. */
    public static synchronized void register(Dsl d) {
        if (dsl != null) {
            throw new IllegalStateException("registered twice");
        }
        dsl = Objects.requireNonNull(d);
    }

    /** The builder's side (registered when the first builder was made). */
    public static Builder builder() {
        return Objects.requireNonNull(builder, "no CircuitBuilder yet");
    }

    /** The DSL's side (registered when the first computation was made). */
    public static Dsl dsl() {
        return Objects.requireNonNull(dsl, "no Computation yet");
    }
}
