package io.gcstream.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.compiler.dsl.Computation;
import io.gcstream.engine.GcSession;
import io.gcstream.ot.OtOptions;
import io.gcstream.spark.WorkerPairs;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library's public API as a user sees it, read by reflection from the classes of the
 * packages each module's {@code module-info} exports to everyone (qualified exports to other
 * gcstream modules are plumbing), and of every package of {@code gcstream-spark} (a class-path
 * jar without a module-info) but its {@code internal} and {@code examples} packages: no public
 * signature names a type of an {@code .internal.} package, and the API stays within the
 * project's one budget of public members (docs/api.md). Classes are loaded, not initialised.
 */
class PublicApiTest {
    /** A class of each library jar: where its classes and its module-info, if any, are found. */
    static final List<Class<?>> MODULES = List.of(Circuit.class, OtOptions.class, GcSession.class, Computation.class,
            WorkerPairs.class);
    /** Public members of all exported packages together, gcstream-spark's included. */
    static final int MAX_MEMBERS = 450;

    /** Every public type of the exported packages, nested public types of public types included. */
    static List<Class<?>> publicTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        List<Class<?>> types = new ArrayList<>();
        for (Class<?> m : MODULES) {
            Path location = Path.of(m.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (FileSystem jar = Files.isDirectory(location) ? null : FileSystems.newFileSystem(location)) {
                Path root = jar == null ? location : jar.getPath("/");
                for (String p : exportedPackages(root)) {
                    List<Path> files;
                    try (Stream<Path> s = Files.list(root.resolve(p.replace('.', '/')))) {
                        files = s.filter(f -> f.toString().endsWith(".class")).sorted().toList();
                    }
                    for (Path f : files) {
                        String n = f.getFileName().toString();
                        Class<?> c = Class.forName(p + "." + n.substring(0, n.length() - 6), false,
                                PublicApiTest.class.getClassLoader());
                        if (visible(c)) {
                            types.add(c);
                        }
                    }
                }
            }
        }
        return types;
    }

    /** A module's unqualified exports; for a jar without a module-info, its packages but internal and examples ones. */
    private static List<String> exportedPackages(Path root) throws IOException {
        Path info = root.resolve("module-info.class");
        if (Files.exists(info)) {
            try (InputStream in = Files.newInputStream(info)) {
                return ModuleDescriptor.read(in).exports().stream().filter(e -> !e.isQualified())
                        .map(ModuleDescriptor.Exports::source).sorted().toList();
            }
        }
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("-"))
                    .map(f -> root.relativize(f.getParent()).toString().replace('/', '.'))
                    .filter(p -> p.startsWith("io.gcstream.") && !p.matches(".*\\.(internal|examples)(\\..*)?"))
                    .distinct().sorted().toList();
        }
    }

    private static boolean visible(Class<?> c) {
        if (c.isAnonymousClass() || c.isLocalClass() || c.isSynthetic()) {
            return false;
        }
        for (Class<?> x = c; x != null; x = x.getEnclosingClass()) {
            if (!Modifier.isPublic(x.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /** Public, or protected in a class a user may extend. */
    private static boolean api(Class<?> owner, int modifiers) {
        return Modifier.isPublic(modifiers)
                || (Modifier.isProtected(modifiers) && !Modifier.isFinal(owner.getModifiers()) && !owner.isSealed());
    }

    @Test
    void noPublicSignatureNamesAnInternalType() throws Exception {
        Set<String> found = new TreeSet<>();
        for (Class<?> c : publicTypes()) {
            String where = c.getName();
            check(c.getGenericSuperclass(), where + " extends", found);
            for (Type t : c.getGenericInterfaces()) {
                check(t, where + " implements", found);
            }
            for (TypeVariable<?> v : c.getTypeParameters()) {
                check(v, where + "<" + v + ">", found);
            }
            for (Field f : c.getDeclaredFields()) {
                if (api(c, f.getModifiers())) {
                    check(f.getGenericType(), where + "." + f.getName(), found);
                }
            }
            List<Executable> members = new ArrayList<>(List.of(c.getDeclaredMethods()));
            members.addAll(List.of(c.getDeclaredConstructors()));
            for (Executable e : members) {
                if (e.isSynthetic() || !api(c, e.getModifiers())) {
                    continue;
                }
                String m = where + "." + e.getName();
                if (e instanceof Method method) {
                    check(method.getGenericReturnType(), m + " returns", found);
                }
                for (Type t : e.getGenericParameterTypes()) {
                    check(t, m + " takes", found);
                }
                for (Type t : e.getGenericExceptionTypes()) {
                    check(t, m + " throws", found);
                }
                for (TypeVariable<?> v : e.getTypeParameters()) {
                    check(v, m + "<" + v + ">", found);
                }
            }
        }
        assertTrue(found.isEmpty(), "internal types in public signatures:\n" + String.join("\n", found));
    }

    private static void check(Type t, String where, Set<String> found) {
        check(t, where, found, new HashSet<>());
    }

    private static void check(Type t, String where, Set<String> found, Set<Type> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        if (t instanceof Class<?> c) {
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.getName().contains(".internal.")) {
                found.add(where + " " + c.getName());
            }
        } else if (t instanceof ParameterizedType p) {
            check(p.getRawType(), where, found, seen);
            check(p.getOwnerType(), where, found, seen);
            for (Type a : p.getActualTypeArguments()) {
                check(a, where, found, seen);
            }
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                check(b, where, found, seen);
            }
            for (Type b : w.getLowerBounds()) {
                check(b, where, found, seen);
            }
        } else if (t instanceof GenericArrayType a) {
            check(a.getGenericComponentType(), where, found, seen);
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                check(b, where, found, seen);
            }
        }
    }

    /**
     * Public members: the public methods, fields and constructors declared by each public type
     * (records' accessors, enums' constants and their {@code values}/{@code valueOf} included,
     * synthetic and bridge methods not), the method by which the issue counted the API.
     */
    @Test
    void theApiStaysWithinItsBudget() throws Exception {
        int members = 0;
        Map<String, Integer> perPackage = new TreeMap<>();
        StringBuilder list = new StringBuilder();
        for (Class<?> c : publicTypes()) {
            int n = 0;
            for (Method m : c.getDeclaredMethods()) {
                n += api(c, m.getModifiers()) && !m.isSynthetic() && !m.isBridge() ? 1 : 0;
            }
            for (Field f : c.getDeclaredFields()) {
                n += (api(c, f.getModifiers()) || f.isEnumConstant()) && !f.isSynthetic() ? 1 : 0;
            }
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                n += api(c, k.getModifiers()) ? 1 : 0;
            }
            members += n;
            perPackage.merge(c.getPackageName(), n, Integer::sum);
            list.append('\n').append(n).append(' ').append(c.getName());
        }
        assertTrue(members <= MAX_MEMBERS, members + " public members, more than " + MAX_MEMBERS + " "
                + perPackage + ":" + list);
        assertTrue(perPackage.size() >= MODULES.size(), "the modules' exported packages were found: " + perPackage);
    }
}
