package io.gcstream.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * The stream results go to, which remembers why a write failed. A {@link PrintStream} swallows
 * write errors (a full disk, a closed pipe) and only sets a flag, so {@link Gc} checks the flag
 * ({@link PrintStream#checkError()}) before it reports success and, if results were lost, says
 * why in one line from {@link #failure()} and exits non-zero.
 */
final class ResultOutput extends PrintStream {
    private final Recorder recorder;

    private ResultOutput(Recorder recorder, Charset charset) {
        // Flushed at each line, like System.out, so that a failure is seen when it happens.
        super(recorder, true, charset);
        this.recorder = recorder;
    }

    /** Standard output (file descriptor 1), in the platform's charset as {@code System.out}. */
    static ResultOutput stdout() {
        return of(new FileOutputStream(FileDescriptor.out), Charset.defaultCharset());
    }

    /** Results written to {@code sink}, through a buffer. */
    static ResultOutput of(OutputStream sink, Charset charset) {
        return new ResultOutput(new Recorder(new BufferedOutputStream(sink, 8192)), charset);
    }

    /** The message of the first write error (e.g. "No space left on device"), or null if none. */
    String failure() {
        return recorder.first == null ? null : recorder.first.getMessage() == null
                ? "an I/O error" : recorder.first.getMessage();
    }

    /** Passes bytes on and keeps the first error it meets. */
    private static final class Recorder extends FilterOutputStream {
        private IOException first;

        Recorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw keep(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw keep(e);
            }
        }

        private IOException keep(IOException e) {
            if (first == null) {
                first = e;
            }
            return e;
        }
    }
}
