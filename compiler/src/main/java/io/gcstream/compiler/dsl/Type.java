package io.gcstream.compiler.dsl;

import io.gcstream.compiler.Word;
import java.util.Objects;

/**
 * The type of a value — a bit, or an unsigned or signed integer of a given width — as the
 * parameters of a sub-circuit ({@link Computation#define}) and inputs
 * ({@link PartySide#input}) are declared: {@code Type.uint(20)}. Immutable, with value
 * equality.
 *
 * @param <T> the value class: {@link Bit}, {@link UInt} or {@link SInt}
 */
public final class Type<T extends Value> {
    enum Kind {
        BIT("Bit"), UINT("UInt"), SINT("SInt");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private static final Type<Bit> BIT = new Type<>(Kind.BIT, 1);

    private final Kind kind;
    private final int width;

    private Type(Kind kind, int width) {
        this.kind = kind;
        this.width = width;
    }

    /** One bit. */
    public static Type<Bit> bit() {
        return BIT;
    }

    /**
     * An unsigned integer of {@code width} bits.
     *
     * @throws IllegalArgumentException if width &lt; 1
     */
    public static Type<UInt> uint(int width) {
        return new Type<>(Kind.UINT, checkWidth(width));
    }

    /**
     * A two's-complement signed integer of {@code width} bits (the top one is the sign).
     *
     * @throws IllegalArgumentException if width &lt; 1
     */
    public static Type<SInt> sint(int width) {
        return new Type<>(Kind.SINT, checkWidth(width));
    }

    static int checkWidth(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("an integer has at least 1 bit, got width " + width);
        }
        return width;
    }

    /** Number of bits. */
    int width() {
        return width;
    }

    Kind kind() {
        return kind;
    }

    /** A value of this type over {@code w}, in {@code c}. */
    @SuppressWarnings("unchecked")
    T wrap(Computation c, Word w) {
        if (w.width() != width) {
            throw new IllegalStateException(w.width() + " bits for a " + this);
        }
        return (T) switch (kind) {
            case BIT -> new Bit(c, w);
            case UINT -> new UInt(c, w);
            case SINT -> new SInt(c, w);
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Type<?> t && t.kind == kind && t.width == width;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, width);
    }

    /** E.g. {@code UInt 20}, {@code SInt 8}, {@code Bit}. */
    @Override
    public String toString() {
        return kind == Kind.BIT ? kind.label : kind.label + " " + width;
    }
}
