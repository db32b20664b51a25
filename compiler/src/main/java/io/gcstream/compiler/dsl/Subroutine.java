package io.gcstream.compiler.dsl;

import io.gcstream.compiler.SubCircuitDef;
import io.gcstream.compiler.Word;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A sub-circuit defined once with {@link Computation#define} and called any number of times;
 * each call is one call instruction in the body being built, not a copy of the gates.
 *
 * @param <R> the type of value it returns
 */
public final class Subroutine<R extends Value> {
    private final Computation computation;
    private final SubCircuitDef def;
    private final List<Type<?>> parameters;
    private final Type<R> result;

    Subroutine(Computation computation, SubCircuitDef def, List<Type<?>> parameters, Type<R> result) {
        this.computation = computation;
        this.def = def;
        this.parameters = List.copyOf(parameters);
        this.result = result;
    }

    /**
     * Calls it in the body being built now (the main circuit or another definition's body).
     *
     * @throws IllegalArgumentException if the arguments do not match the parameter types, or
     *     belong to another computation or body
     */
    public R call(Value... args) {
        computation.use(args);
        boolean ok = args.length == parameters.size();
        for (int i = 0; ok && i < args.length; i++) {
            ok = parameters.get(i).isTypeOf(args[i]);
        }
        if (!ok) {
            throw new IllegalArgumentException(def.name() + " takes " + signature(parameters) + ", called with "
                    + signature(java.util.Arrays.stream(args).map(Value::type).collect(Collectors.toList())));
        }
        Word[] words = new Word[args.length];
        for (int i = 0; i < args.length; i++) {
            words[i] = args[i].word;
        }
        return result.wrap(computation, def.call(words));
    }

    private static String signature(List<? extends Type<?>> types) {
        return types.stream().map(Type::toString).collect(Collectors.joining(", ", "(", ")"));
    }

    public String name() {
        return def.name();
    }

    /** The parameter types, in order. */
    public List<Type<?>> parameters() {
        return parameters;
    }

    /** The type it returns. */
    public Type<R> result() {
        return result;
    }

    @Override
    public String toString() {
        return def.name() + signature(parameters) + " -> " + result;
    }
}
