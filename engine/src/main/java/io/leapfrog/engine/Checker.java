package io.leapfrog.engine;

import io.leapfrog.ast.Program;
import io.leapfrog.common.LeapfrogException;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Runs the front end's semantic checks ({@code io.leapfrog.check.SemanticChecker.check(Program)}).
 * Looked up reflectively because the checker is being written in parallel with the engine: when it is
 * absent, programs are only parsed (the engine still reports ungrounded variables and undeclared
 * relations it meets). Replace with a direct call once the checker has landed.
 */
final class Checker {
    record Result(Object checked, List<String> warnings) { }

    private static final Method CHECK = find();

    private Checker() {
    }

    private static Method find() {
        try {
            return Class.forName("io.leapfrog.check.SemanticChecker").getMethod("check", Program.class);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    static Result check(Program program) {
        if (CHECK == null) {
            return new Result(null, List.of());
        }
        try {
            Object c = CHECK.invoke(null, program);
            @SuppressWarnings("unchecked")
            List<String> warnings = (List<String>) c.getClass().getMethod("warnings").invoke(c);
            return new Result(c, warnings);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof LeapfrogException le) {
                throw le;
            }
            throw new IllegalStateException("semantic checker failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
