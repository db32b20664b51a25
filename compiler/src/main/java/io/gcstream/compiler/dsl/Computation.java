package io.gcstream.compiler.dsl;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Access;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A two-party computation written with typed values: declare each party's inputs, compute
 * with {@link Bit}, {@link UInt} and {@link SInt} methods, say who learns which result, and
 * {@link #build()} the circuit. The values' methods add gates to the {@link CircuitBuilder}
 * underneath, so what {@link #build()} returns is an ordinary {@link Circuit}, run like any
 * other (with {@code GcSession} or {@code LocalPair}).
 *
 * <pre>{@code
 * Computation c = new Computation();
 * UInt alice = c.creator().uint(32);                   // the creator's salary
 * UInt bob = c.evaluator().uint(32);                   // the evaluator's
 * Output aliceEarnsMore = c.evaluator().output(alice.greaterThan(bob));
 * Circuit circuit = c.build();                         // 32 ANDs
 *
 * LocalPair.Outcome r = LocalPair.run(circuit, c.creator().encode(alice, 52_000),
 *         c.evaluator().encode(bob, 48_000));
 * boolean yes = aliceEarnsMore.decodeBoolean(r.evaluatorOutputs());
 * }</pre>
 *
 * <p>Both parties build the same computation in their own process (the same code gives the
 * same circuit, gate for gate, which the session checks by hash); each encodes its own inputs
 * with its {@link PartySide} and decodes its own outputs with the {@link Output} handles.
 *
 * <p>Sub-circuits: {@link #define} runs a body once over fresh parameters and returns the
 * sub-circuit as a function whose every {@code apply} is one call instruction, not a copy of
 * the body — the way to keep large programs small.
 *
 * <p>A computation builds one circuit. It is not thread-safe; values and {@link PartySide}s
 * belong to it.
 */
public final class Computation {
    private final CircuitBuilder builder = new CircuitBuilder();
    private final PartySide creator;
    private final PartySide evaluator;
    private final Scope main = new Scope("the main circuit");
    private final Deque<Scope> scopes = new ArrayDeque<>();
    private final Bit zero;
    private final Bit one;
    /** What the standard library keeps per computation (its sub-circuits, defined once). */
    private final Map<Class<?>, Object> locals = new HashMap<>();

    static {
        Access.register(new Access.Dsl() {
            @Override
            public CircuitBuilder builder(Computation c) {
                return c.builder;
            }

            @Override
            public Computation computation(Value... values) {
                Computation c = values[0].computation;
                c.use(values);
                return c;
            }

            @Override
            public Word word(Value v) {
                v.computation.use(v);
                return v.word;
            }

            @Override
            public UInt uint(Computation c, Word w) {
                return new UInt(c, w);
            }

            @Override
            public <T> T local(Computation c, Class<T> key, Supplier<T> make) {
                Object o = c.locals.get(key);
                if (o == null) {
                    o = Objects.requireNonNull(make.get());
                    c.locals.put(key, o);
                }
                return key.cast(o);
            }
        });
    }

    /** An empty computation: no inputs, no gates. */
    public Computation() {
        this.scopes.push(main);
        this.creator = new PartySide(this, Party.CREATOR);
        this.evaluator = new PartySide(this, Party.EVALUATOR);
        this.zero = new Bit(this, Word.of(CircuitBuilder.ZERO));
        this.one = new Bit(this, Word.of(CircuitBuilder.ONE));
    }

    /** The creator's (garbler's) inputs, outputs and input encoding. */
    public PartySide creator() {
        return creator;
    }

    /** The evaluator's inputs, outputs and input encoding. */
    public PartySide evaluator() {
        return evaluator;
    }

    /** {@link #creator()} or {@link #evaluator()}. */
    public PartySide side(Party party) {
        return Objects.requireNonNull(party, "party") == Party.CREATOR ? creator : evaluator;
    }

    // ---- constants ----------------------------------------------------------------------

    /** The constant bit {@code value} (no gate). */
    public Bit bit(boolean value) {
        return value ? one : zero;
    }

    /**
     * The unsigned constant {@code value} in {@code width} bits; {@code value} is read as
     * unsigned (Java's unsigned-long convention: {@code -1L} is 2^64 − 1) and must fit.
     *
     * @throws IllegalArgumentException if it does not fit, or width &lt; 1
     */
    public UInt uint(long value, int width) {
        return new UInt(this, constant(Values.unsigned(value, width), width));
    }

    /** The unsigned constant {@code value} (0 ≤ value &lt; 2^width) in {@code width} bits. */
    public UInt uint(BigInteger value, int width) {
        return new UInt(this, constant(Values.checkUnsigned(value, width), width));
    }

    /** The signed constant {@code value} (−2^(width−1) ≤ value &lt; 2^(width−1)) in {@code width} bits. */
    public SInt sint(long value, int width) {
        return sint(BigInteger.valueOf(value), width);
    }

    /** The signed constant {@code value} (−2^(width−1) ≤ value &lt; 2^(width−1)) in {@code width} bits. */
    public SInt sint(BigInteger value, int width) {
        return new SInt(this, constant(Values.checkSigned(value, width), width));
    }

    private static Word constant(BigInteger twosComplement, int width) {
        int[] w = new int[Type.checkWidth(width)];
        for (int i = 0; i < width; i++) {
            w[i] = twosComplement.testBit(i) ? CircuitBuilder.ONE : CircuitBuilder.ZERO;
        }
        return Word.of(w);
    }

    // ---- sub-circuits -------------------------------------------------------------------

    /**
     * Defines a sub-circuit of one parameter: {@code body} runs once, now, over a fresh value
     * of type {@code a}, and what it returns is the result. Values made outside may not be used
     * inside (pass them as parameters); values made inside may not be used outside. Each
     * {@code apply} of the returned function is one call instruction in the body being built
     * then (the main circuit or another definition's body); it refuses an argument of another
     * type, width, computation or body ({@link IllegalArgumentException}, naming the
     * sub-circuit).
     *
     * <pre>{@code Function<UInt, UInt> square = c.define("square16", Type.uint(16), x -> x.mul(x));}</pre>
     *
     * @throws IllegalArgumentException naming {@code name} and the rule, before the body runs, if
     *     the name is one no circuit format takes (not an identifier of at most 255 bytes) or is
     *     already defined in this computation
     */
    public <A extends Value, R extends Value> Function<A, R> define(String name, Type<A> a,
            Function<? super A, ? extends R> body) {
        SubCircuit<R> s = defineWith(name, List.of(a), p -> body.apply(a.wrap(this, p[0])));
        return x -> s.call(x);
    }

    /** As {@link #define(String, Type, Function)}, with two parameters: {@code c.define("min20", Type.uint(20), Type.uint(20), UInt::min)}. */
    public <A extends Value, B extends Value, R extends Value> BiFunction<A, B, R> define(String name, Type<A> a,
            Type<B> b, BiFunction<? super A, ? super B, ? extends R> body) {
        SubCircuit<R> s = defineWith(name, List.of(a, b), p -> body.apply(a.wrap(this, p[0]), b.wrap(this, p[1])));
        return (x, y) -> s.call(x, y);
    }

    /** As {@link #define(String, Type, Function)}, with three parameters. */
    public <A extends Value, B extends Value, C extends Value, R extends Value> Function3<A, B, C, R> define(
            String name, Type<A> a, Type<B> b, Type<C> c,
            Function3<? super A, ? super B, ? super C, ? extends R> body) {
        SubCircuit<R> s = defineWith(name, List.of(a, b, c),
                p -> body.apply(a.wrap(this, p[0]), b.wrap(this, p[1]), c.wrap(this, p[2])));
        return (x, y, z) -> s.call(x, y, z);
    }

    /** A function of three arguments: the body and the calls of a three-parameter sub-circuit. */
    @FunctionalInterface
    public interface Function3<A, B, C, R> {
        R apply(A a, B b, C c);
    }

    private <R extends Value> SubCircuit<R> defineWith(String name, List<Type<?>> params,
            Function<Word[], ? extends R> body) {
        Objects.requireNonNull(name, "name");
        int width = 0;
        for (Type<?> t : params) {
            width += t.width();
        }
        Scope scope = new Scope("sub-circuit " + name);
        Value[] result = new Value[1];
        UnaryOperator<Word> def;
        scopes.push(scope);
        try {
            def = builder.define(name, width, in -> {
                Word[] p = new Word[params.size()];
                int from = 0;
                for (int i = 0; i < p.length; i++) {
                    p[i] = in.slice(from, from + params.get(i).width());
                    from += params.get(i).width();
                }
                R r = Objects.requireNonNull(body.apply(p), "the body of " + name + " returned null");
                use(r);
                result[0] = r;
                return r.word;
            });
        } finally {
            scopes.pop();
        }
        @SuppressWarnings("unchecked")
        Type<R> resultType = (Type<R>) result[0].type();
        return new SubCircuit<>(name, def, params, resultType);
    }

    /** A defined sub-circuit: its calls check their arguments and wrap the result. */
    private final class SubCircuit<R extends Value> {
        private final String name;
        private final UnaryOperator<Word> def;
        private final List<Type<?>> parameters;
        private final Type<R> result;

        SubCircuit(String name, UnaryOperator<Word> def, List<Type<?>> parameters, Type<R> result) {
            this.name = name;
            this.def = def;
            this.parameters = List.copyOf(parameters);
            this.result = result;
        }

        R call(Value... args) {
            use(args);
            boolean ok = args.length == parameters.size();
            for (int i = 0; ok && i < args.length; i++) {
                ok = parameters.get(i).equals(args[i].type());
            }
            if (!ok) {
                throw new IllegalArgumentException(name + " takes " + signature(parameters) + ", called with "
                        + signature(Arrays.stream(args).map(Value::type).collect(Collectors.toList())));
            }
            Word words = Word.of();
            for (Value arg : args) {
                words = words.concat(arg.word);
            }
            return result.wrap(Computation.this, def.apply(words));
        }

        private static String signature(List<? extends Type<?>> types) {
            return types.stream().map(Type::toString).collect(Collectors.joining(", ", "(", ")"));
        }
    }

    // ---- result -------------------------------------------------------------------------

    /**
     * Optimises, allocates slots and returns the checked circuit (see
     * {@link CircuitBuilder#build()}). Its creator input bits are the creator's inputs in the
     * order declared, and so on; {@link PartySide#encoder()} and {@link Output} know where each
     * value is.
     */
    public Circuit build() {
        if (scopes.peek() != main) {
            throw new IllegalStateException("build() inside the definition of " + scopes.peek());
        }
        return builder.build();
    }

    // ---- package plumbing ---------------------------------------------------------------

    /** The scope of a word made now: none (usable anywhere) if every bit is a constant. */
    Scope scopeOf(Word w) {
        for (int i = 0; i < w.width(); i++) {
            if (w.bit(i) != CircuitBuilder.ZERO && w.bit(i) != CircuitBuilder.ONE) {
                return scopes.peek();
            }
        }
        return null;
    }

    CircuitBuilder builder() {
        return builder;
    }

    boolean inMain() {
        return scopes.peek() == main;
    }

    /** Checks that every operand belongs here and to the body being built; returns the builder. */
    CircuitBuilder use(Value... operands) {
        Scope now = scopes.peek();
        for (Value v : operands) {
            Objects.requireNonNull(v, "a null value");
            if (v.computation != this) {
                throw new IllegalArgumentException("a " + v + " of another Computation");
            }
            if (v.scope != null && v.scope != now) {
                throw new IllegalArgumentException("a " + v + " made in " + v.scope + " is used in " + now
                        + (now == main ? " (values of a sub-circuit body stay inside it: return them)"
                                : " (pass it to the sub-circuit as a parameter)"));
            }
        }
        return builder;
    }
}
