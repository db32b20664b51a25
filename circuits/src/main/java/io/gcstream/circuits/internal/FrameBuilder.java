package io.gcstream.circuits.internal;

/**
 * The main circuit's frame that both circuit builders collect ({@link Circuits.Builder},
 * {@link GeneratedCircuit.Builder}): each party's input and output slots and the number of
 * slots. Each builder checks the frame in its own {@code build()}.
 *
 * @param <B> the builder, returned by each setter
 */
public abstract class FrameBuilder<B extends FrameBuilder<B>> {
    int[] creatorInputs = new int[0];
    int[] evaluatorInputs = new int[0];
    int[] creatorOutputs = new int[0];
    int[] evaluatorOutputs = new int[0];
    /** Negative until set. */
    int numSlots = -1;

    FrameBuilder() {
    }

    abstract B self();

    public B creatorInputs(int... slots) {
        creatorInputs = slots.clone();
        return self();
    }

    public B evaluatorInputs(int... slots) {
        evaluatorInputs = slots.clone();
        return self();
    }

    public B creatorOutputs(int... slots) {
        creatorOutputs = slots.clone();
        return self();
    }

    public B evaluatorOutputs(int... slots) {
        evaluatorOutputs = slots.clone();
        return self();
    }

    public B numSlots(int s) {
        numSlots = s;
        return self();
    }
}
