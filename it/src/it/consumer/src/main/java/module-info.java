/** A program that embeds gcstream, as a named module: it needs the engine and the circuit library. */
module com.example.consumer {
    requires io.gcstream.engine;
    requires io.gcstream.compiler;

    exports com.example.consumer;
}
