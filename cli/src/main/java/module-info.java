/**
 * The {@code gc} command-line tool: every command is built on the public API of the engine and
 * the compiler, as an application embedding gcstream would be. It is shipped as one jar run on
 * the class path; the module states what it uses.
 */
module io.gcstream.cli {
    requires io.gcstream.engine;
    requires io.gcstream.compiler;
    requires jcommander;
    requires ch.qos.logback.classic;
    requires ch.qos.logback.core;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;
    requires org.slf4j;
    requires java.management;

    // JCommander sets the commands' @Parameter fields by reflection.
    opens io.gcstream.cli to jcommander;

    provides ch.qos.logback.classic.spi.Configurator with io.gcstream.cli.LogConfigurator;
}
