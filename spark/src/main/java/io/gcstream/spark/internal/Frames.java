package io.gcstream.spark.internal;

import io.gcstream.ot.channel.Channel;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The messages of the pairing service: each a length-prefixed frame (an int, then that many
 * bytes, bounded by the receiver before it allocates), written with {@link Out} and read with
 * {@link In}, over the peer's TLS {@link Channel} or a party-internal TLS socket. Internal.
 */
public final class Frames {
    /** Most bytes of a request or answer but a slice's result. */
    public static final int SMALL = 1 << 20;
    /** Most bytes of a slice's result sent to its driver. */
    public static final int LARGE = 256 << 20;
    /** Most characters of a text field (an error line, a host name). */
    static final int MAX_TEXT = 1000;

    private Frames() {
    }

    /** One connection that carries frames. */
    public interface Link extends AutoCloseable {
        void send(byte[] frame) throws IOException;

        /** The next frame, refused if longer than {@code max}. */
        byte[] receive(int max) throws IOException;

        /** Who is at the other end, for messages. */
        String peer();

        @Override
        void close();
    }

    /** Frames over a gcstream {@link Channel} (TLS to the peer party). */
    public static Link over(Channel ch) {
        return new Link() {
            @Override
            public void send(byte[] frame) throws IOException {
                ch.writeInt(frame.length);
                ch.write(frame, 0, frame.length);
                ch.flush();
            }

            @Override
            public byte[] receive(int max) throws IOException {
                int n = ch.readInt();
                check(n, max, ch.peer());
                byte[] b = new byte[n];
                ch.readFully(b, 0, n);
                return b;
            }

            @Override
            public String peer() {
                return ch.peer();
            }

            @Override
            public void close() {
                try {
                    ch.close();
                } catch (IOException | RuntimeException ignored) {
                    // only releasing the connection
                }
            }
        };
    }

    /** Frames over a connected socket whose read timeout the caller set. */
    public static Link over(Socket s) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(s.getOutputStream(), 1 << 16));
        String who = s.getInetAddress().getHostAddress() + ":" + s.getPort();
        return new Link() {
            @Override
            public void send(byte[] frame) throws IOException {
                out.writeInt(frame.length);
                out.write(frame);
                out.flush();
            }

            @Override
            public byte[] receive(int max) throws IOException {
                int n = in.readInt();
                check(n, max, who);
                byte[] b = new byte[n];
                in.readFully(b);
                return b;
            }

            @Override
            public String peer() {
                return who;
            }

            @Override
            public void close() {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // only releasing the connection
                }
            }
        };
    }

    private static void check(int n, int max, String who) throws IOException {
        if (n < 0 || n > max) {
            throw new IOException(who + " sent a message of " + n + " bytes (at most " + max + ")");
        }
    }

    /** Builds a frame. */
    public static final class Out {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);

        public Out(int type) {
            i32(type);
        }

        public Out i32(int v) {
            try {
                out.writeInt(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Out i64(long v) {
            try {
                out.writeLong(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Out bytes(byte[] b) {
            i32(b.length);
            bytes.write(b, 0, b.length);
            return this;
        }

        public Out text(String s) {
            String t = s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s;
            return bytes(t.getBytes(StandardCharsets.UTF_8));
        }

        public byte[] build() {
            return bytes.toByteArray();
        }
    }

    /** Reads a frame; anything malformed is an {@link IOException} of one line naming the sender. */
    public static final class In {
        private final ByteBuffer b;
        private final String who;

        public In(byte[] frame, String who) {
            this.b = ByteBuffer.wrap(frame);
            this.who = who;
        }

        public int type() throws IOException {
            return i32();
        }

        public int i32() throws IOException {
            try {
                return b.getInt();
            } catch (BufferUnderflowException e) {
                throw malformed("it ends early");
            }
        }

        public long i64() throws IOException {
            try {
                return b.getLong();
            } catch (BufferUnderflowException e) {
                throw malformed("it ends early");
            }
        }

        public int count(int max) throws IOException {
            int n = i32();
            if (n < 0 || n > max) {
                throw malformed("a count of " + n + " (at most " + max + ")");
            }
            return n;
        }

        public byte[] bytes(int max) throws IOException {
            int n = count(Math.min(max, b.remaining()));
            byte[] r = new byte[n];
            b.get(r);
            return r;
        }

        public String text() throws IOException {
            return SafeLine.of(new String(bytes(4 * MAX_TEXT), StandardCharsets.UTF_8));
        }

        public IOException malformed(String what) {
            return new IOException("a malformed message from " + who + ": " + what);
        }
    }

    /** {@code e}'s message as one line, or its kind if it has none. */
    public static String line(Throwable e) {
        String m = e.getMessage();
        if (e instanceof EOFException && (m == null || m.isBlank())) {
            return "the connection closed";
        }
        return SafeLine.of(m == null || m.isBlank() ? e.getClass().getSimpleName() : m);
    }

    /** One printable line of at most {@value #MAX_TEXT} characters. */
    static final class SafeLine {
        private SafeLine() {
        }

        static String of(String s) {
            StringBuilder sb = new StringBuilder(Math.min(s.length(), MAX_TEXT));
            for (int i = 0; i < s.length() && sb.length() < MAX_TEXT; i++) {
                char c = s.charAt(i);
                sb.append(c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e)
                        || (c >= 0x200b && c <= 0x200f) ? '?' : c);
            }
            return sb.toString();
        }
    }
}
