package io.leapfrog.planner.sql;

import io.leapfrog.common.NotSupportedException;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.linq4j.tree.ClassDeclaration;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.FieldDeclaration;
import org.apache.calcite.linq4j.tree.VisitorImpl;
import org.apache.calcite.runtime.ArrayBindable;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.runtime.Typed;
import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.ISimpleCompiler;

import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java code Calcite generates for a physical plan, compiled with Janino, as Calcite's own
 * {@code EnumerableInterpretable.toBindable} does, but with its compiled classes cached by source
 * text: compiling is the larger part of a small query's time, and a repeated query (or another with the
 * same plan shape) generates the same source. Values the plan's operators stash (the leapfrog joins'
 * runs) are read from the {@link org.apache.calcite.DataContext} at bind time, so they never enter the
 * source. Classes with static fields (constants Calcite hoists out of the code) are not cached, as in
 * Calcite.
 */
final class GeneratedCode {
    private static final int CACHED_CLASSES = 128;

    private static final Map<String, Bindable<?>> CACHE = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Bindable<?>> eldest) {
                    return size() > CACHED_CLASSES;
                }
            });

    private GeneratedCode() { }

    /**
     * The compiled plan; the values its operators stash are put into {@code parameters}, which the
     * {@link org.apache.calcite.DataContext} it is bound to must serve. A one-column plan yields scalars,
     * any other arrays of values.
     */
    static Bindable<?> compile(EnumerableRel plan, Map<String, Object> parameters) {
        EnumerableRelImplementor implementor = new EnumerableRelImplementor(plan.getCluster().getRexBuilder(), parameters);
        ClassDeclaration declaration;
        try {
            declaration = implementor.implementRoot(plan, EnumerableRel.Prefer.ARRAY);
        } catch (IllegalStateException e) {
            throw notImplemented(e);
        }
        String body = Expressions.toString(declaration.memberDeclarations, "\n", false);
        String source = "public final class " + declaration.name + " implements "
                + (plan.getRowType().getFieldCount() == 1
                ? Bindable.class.getCanonicalName() + ", " + Typed.class.getCanonicalName()
                : ArrayBindable.class.getCanonicalName())
                + " {\n" + body + "\n}";
        if (hasStaticFields(declaration)) {
            return compile(declaration.name, source);
        }
        Bindable<?> cached = CACHE.get(source);
        if (cached == null) {
            cached = compile(declaration.name, source);
            CACHE.put(source, cached);
        }
        return cached;
    }

    private static final Pattern MISSING_WINDOW_FUNCTION =
            Pattern.compile("Unable to get aggregate implementation for aggregate (\\S+) in window context");

    /** Calcite plans an operator or function its code generator does not implement (PERCENT_RANK, say). */
    private static NotSupportedException notImplemented(IllegalStateException e) {
        Throwable why = e.getSuppressed().length > 0 ? e.getSuppressed()[0] : e;
        String message = String.valueOf(why.getMessage());
        Matcher m = MISSING_WINDOW_FUNCTION.matcher(message);
        if (m.find()) {
            return new NotSupportedException("not supported: the window function " + m.group(1)
                    + " (Calcite's SQL runtime does not implement it)");
        }
        int nl = message.indexOf('\n');
        return new NotSupportedException("not supported: Calcite cannot run this query ("
                + (nl < 0 ? message : message.substring(0, nl)) + ")");
    }

    private static Bindable<?> compile(String className, String source) {
        try {
            ClassLoader loader = EnumerableRel.class.getClassLoader();
            ISimpleCompiler compiler = CompilerFactoryFactory.getDefaultCompilerFactory(loader).newSimpleCompiler();
            compiler.setParentClassLoader(GeneratedCode.class.getClassLoader());
            compiler.cook(source);
            return (Bindable<?>) compiler.getClassLoader().loadClass(className).getDeclaredConstructors()[0].newInstance();
        } catch (Exception e) {
            throw new IllegalStateException("Calcite's generated code does not compile: " + e.getMessage()
                    + "\n" + source, e);
        }
    }

    private static boolean hasStaticFields(ClassDeclaration declaration) {
        boolean[] found = {false};
        declaration.accept(new VisitorImpl<Void>() {
            @Override
            public Void visit(FieldDeclaration field) {
                found[0] |= (field.modifier & Modifier.STATIC) != 0;
                return super.visit(field);
            }
        });
        return found[0];
    }
}
