package io.gcstream.compiler.lib;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standard circuits by name, for the CLI ({@code lib:NAME}) and the API. A name is a
 * family's pattern with its parameters filled in: {@code hamming<n>} gives {@code hamming900}.
 * {@link #entries()} lists every family with what each party gives and gets; {@link #get}
 * builds one, the same circuit (and hash) on every call and in every process of one version.
 * Names are case-insensitive. Thread-safe.
 */
public final class Library {
    /**
     * A family of library circuits: a name pattern whose {@code <x>} parts are decimal
     * parameters, what each party gives and learns, and how to build one.
     */
    public static final class Entry {
        private final String pattern;
        private final String summary;
        private final String creatorInput;
        private final String evaluatorInput;
        private final String outputs;
        private final Pattern regex;
        private final Function<int[], LibraryCircuit> build;

        Entry(String pattern, String summary, String creatorInput, String evaluatorInput,
                String outputs, Function<int[], LibraryCircuit> build) {
            this.pattern = pattern;
            this.summary = summary;
            this.creatorInput = creatorInput;
            this.evaluatorInput = evaluatorInput;
            this.outputs = outputs;
            this.regex = Pattern.compile(pattern.replaceAll("<[^>]+>", "(\\\\d{1,9})"));
            this.build = build;
        }

        /** The name pattern, e.g. {@code minimum<N>x<b>}. */
        public String pattern() {
            return pattern;
        }

        /** One line saying what it computes. */
        public String summary() {
            return summary;
        }

        /** What the creator gives, e.g. "key, 128 bits". */
        public String creatorInput() {
            return creatorInput;
        }

        /** What the evaluator gives. */
        public String evaluatorInput() {
            return evaluatorInput;
        }

        /** Who learns what. */
        public String outputs() {
            return outputs;
        }

        /** The parameters of {@code name} if it belongs to this family, else null. */
        int[] match(String name) {
            Matcher m = regex.matcher(name);
            if (!m.matches()) {
                return null;
            }
            int[] p = new int[m.groupCount()];
            for (int i = 0; i < p.length; i++) {
                p[i] = Integer.parseInt(m.group(i + 1));
            }
            return p;
        }
    }

    private static final List<Entry> ENTRIES = new ArrayList<>();

    static {
        add("aes128", "AES-128 encryption (FIPS-197), key schedule inside: 6,400 ANDs",
                "key, 128 bits", "plaintext, 128 bits", "evaluator: ciphertext, 128 bits",
                p -> LibraryCircuit.of("aes128", Aes128.circuit()));
        add("present80", "PRESENT-80 encryption, key schedule inside: 2,108 ANDs",
                "key, 80 bits", "plaintext, 64 bits", "evaluator: ciphertext, 64 bits",
                p -> LibraryCircuit.of("present80", Present80.circuit()));
        add("hamming<n>", "Hamming distance of two n-bit strings: n - HW(n) ANDs",
                "n bits", "n bits", "both: the distance, bit length of n",
                p -> LibraryCircuit.of("hamming" + p[0], Hamming.circuit(positive(p[0], "n"))));
        add("aes128-expanded", "AES-128 encryption (FIPS-197) on round keys the creator expands locally: 5,120 ANDs",
                "key, 128 bits (expanded locally into 11 round keys, 1,408 input bits)", "plaintext, 128 bits",
                "evaluator: ciphertext, 128 bits", p -> LibraryCircuit.of("aes128-expanded", Aes128.expandedCircuit())
                        .withCreatorEncoder(Aes128KeySchedule.encoder()));
        add("present80-expanded", "PRESENT-80 encryption on round keys the creator expands locally: 1,984 ANDs",
                "key, 80 bits (expanded locally into 32 round keys, 2,048 input bits)", "plaintext, 64 bits",
                "evaluator: ciphertext, 64 bits", p -> LibraryCircuit.of("present80-expanded",
                        Present80.expandedCircuit()).withCreatorEncoder(Present80KeySchedule.encoder()));
        add("mult<n>", "Product of two unsigned n-bit values, schoolbook: 2n^2 - n ANDs (n <= 2048)",
                "x, n bits", "y, n bits", "both: x*y, 2n bits (low half in the low bits)",
                p -> LibraryCircuit.of("mult" + p[0], Schoolbook.circuit(p[0])));
        add("karatsuba<n>", "Product of two unsigned n-bit values, Karatsuba-Ofman: 15,320 ANDs for n = 128 (n <= 4096)",
                "x, n bits", "y, n bits", "both: x*y, 2n bits (low half in the low bits)",
                p -> LibraryCircuit.of("karatsuba" + p[0], Karatsuba.circuit(p[0])));
        add("minimum<N>x<b>", "Minimum of N unsigned b-bit values: 2b(N-1) ANDs (N*b <= 4194304)",
                "values 1..ceil(N/2), b bits each (value i in bits (i-1)b..ib-1)",
                "values ceil(N/2)+1..N, b bits each, likewise", "both: the minimum, b bits",
                p -> LibraryCircuit.of("minimum" + p[0] + "x" + p[1], Minimum.circuit(p[0], p[1])));
        add("millionaires<n>", "Whether the creator's unsigned n-bit value is greater: n ANDs",
                "x, n bits", "y, n bits", "both: 1 bit, x > y",
                p -> LibraryCircuit.of("millionaires" + p[0], Comparison.millionaires(p[0])));
        add("equal<n>", "Whether two n-bit values are equal: n - 1 ANDs",
                "x, n bits", "y, n bits", "both: 1 bit, x = y",
                p -> LibraryCircuit.of("equal" + p[0], Comparison.equalCircuit(p[0])));
        add("levenshtein<n>x<m>", "Edit distance of byte strings (σ = 8): 11 ANDs per cell, streamed;"
                + " 200x200: 440,396 ANDs (FastGC's cell: 1,813,285)",
                "string of n bytes, byte i in bits 8i..8i+7, or text",
                "string of m bytes, likewise", "both: the distance, bit length of max(n, m)",
                p -> edit("levenshtein" + p[0] + "x" + p[1], Levenshtein.circuit(p[0], p[1], Levenshtein.BYTES),
                        TextAlphabet.BYTES));
        add("levenshtein<n>x<m>dna", "Edit distance of DNA strings (A,C,G,T = 0..3, σ = 2): 5 ANDs per cell,"
                + " streamed; 200x200: 200,396 ANDs (FastGC's cell: 1,573,285), 2000x10000: 100,003,997",
                "n characters, character i in bits 2i..2i+1, or text (A, C, G, T)",
                "m characters, likewise", "both: the distance, bit length of max(n, m)",
                p -> edit("levenshtein" + p[0] + "x" + p[1] + "dna",
                        Levenshtein.circuit(p[0], p[1], Levenshtein.DNA), TextAlphabet.DNA));
        add("levenshtein<n>x<m>-fastgc", "Edit distance of byte strings with FastGC's cell (values at"
                + " their minimal width l: 5l + 7 ANDs per cell); 200x200: 1,801,785 ANDs",
                "string of n bytes, byte i in bits 8i..8i+7, or text",
                "string of m bytes, likewise", "both: the distance, bit length of max(n, m)",
                p -> edit("levenshtein" + p[0] + "x" + p[1] + "-fastgc",
                        Levenshtein.fastGcCircuit(p[0], p[1], Levenshtein.BYTES), TextAlphabet.BYTES));
        add("levenshtein<n>x<m>dna-fastgc", "Edit distance of DNA strings with FastGC's cell (5l + 1 ANDs"
                + " per cell); 2000x10000: 1,270,439,785 ANDs (FastGC: 1,289,699,910)",
                "n characters, character i in bits 2i..2i+1, or text (A, C, G, T)",
                "m characters, likewise", "both: the distance, bit length of max(n, m)",
                p -> edit("levenshtein" + p[0] + "x" + p[1] + "dna-fastgc",
                        Levenshtein.fastGcCircuit(p[0], p[1], Levenshtein.DNA), TextAlphabet.DNA));
        add("smithwaterman<n>x<m>", "Smith-Waterman score of proteins, BLOSUM62, gap -12-7x (FastGC's"
                + " parameters), streamed; 60x60: 890,388 ANDs (cell: 247)",
                "n residues (A R N D C Q E G H I L K M F P S T W Y V = 0..19), residue i in bits 5i..5i+4,"
                + " or text; encoded locally into BLOSUM62 rows",
                "m residues, likewise", "both: the best local alignment score",
                p -> SmithWaterman.library(p[0], p[1]));
    }

    private Library() {
    }

    /** An edit-distance circuit whose values may also be given as text over {@code alphabet}. */
    private static LibraryCircuit edit(String name, Circuit c, TextAlphabet alphabet) {
        LibraryCircuit lc = LibraryCircuit.of(name, c);
        return lc.withCreatorEncoder(alphabet.encoder(lc.encoder(Party.CREATOR)))
                .withEvaluatorEncoder(alphabet.encoder(lc.encoder(Party.EVALUATOR)));
    }

    /** Registers a family; the order of registration is the order of {@link #entries()}. */
    static void add(String pattern, String summary, String creatorInput, String evaluatorInput,
            String outputs, Function<int[], LibraryCircuit> build) {
        ENTRIES.add(new Entry(pattern, summary, creatorInput, evaluatorInput, outputs, build));
    }

    /** Every family, in a stable order. */
    public static List<Entry> entries() {
        return List.copyOf(ENTRIES);
    }

    /** The name patterns, e.g. {@code aes128}, {@code hamming<n>}. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Entry e : ENTRIES) {
            names.add(e.pattern());
        }
        return names;
    }

    /**
     * Builds the named circuit with its input encoders.
     *
     * @throws IllegalArgumentException for an unknown name (naming the known ones) or a
     *     parameter out of range (naming it)
     */
    public static LibraryCircuit get(String name) {
        Objects.requireNonNull(name, "name");
        String n = name.toLowerCase(Locale.ROOT).trim();
        for (Entry e : ENTRIES) {
            int[] p = e.match(n);
            if (p != null) {
                try {
                    return e.build.apply(p);
                } catch (IllegalArgumentException bad) {
                    throw new IllegalArgumentException("library circuit '" + name + "' ("
                            + e.pattern() + "): " + bad.getMessage(), bad);
                }
            }
        }
        throw new IllegalArgumentException("unknown library circuit '" + name + "'; known: "
                + String.join(", ", names()) + " (see gc lib)");
    }

    /** {@code value} if at least 1, else an error naming the parameter. */
    static int positive(int value, String parameter) {
        return atLeast(value, 1, parameter);
    }

    /** {@code value} if at least {@code min}, else an error naming the parameter. */
    static int atLeast(int value, int min, String parameter) {
        if (value < min) {
            throw new IllegalArgumentException("parameter " + parameter + " must be at least " + min
                    + ", got " + value);
        }
        return value;
    }
}
