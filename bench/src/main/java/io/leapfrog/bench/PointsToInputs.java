package io.leapfrog.bench;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The input of the andersen query: the four kinds of constraint an Andersen-style points-to analysis
 * extracts from a C program, generated for a synthetic program with a fixed seed. The model (bench/README.md,
 * "Points-to inputs"):
 *
 * <ul>
 *   <li>{@code variables} pointer variables, ids {@code 0 .. variables-1}, and {@code variables / 4} abstract
 *       objects (allocation sites and address-taken locals), ids following the variables': one id space,
 *       because an object holds pointers too (a store writes into it, a load reads from it).</li>
 *   <li>The program is a sequence of modules (compilation units) of {@link Model#moduleFunctions()} functions,
 *       each function {@link Model#functionVariables()} consecutive variables and a quarter as many consecutive
 *       objects. A constraint's first operand is drawn uniformly; its second comes from the same function with
 *       probability {@link Model#functionShare()}, else from anywhere in the same module (arguments and results
 *       passed between its functions, its static variables). Modules share no pointers, so the points-to sets
 *       stay about as large whatever the program's size and the answer grows linearly with it (one random
 *       operand in a thousand taken from the whole program already joins the modules into one component whose
 *       sets grow with the program).</li>
 *   <li>Distinct constraints per variable: {@link Model#addressOf()} {@code p = &o} (addressOf(p, o)),
 *       {@link Model#assign()} {@code p = q} (assign(p, q), p != q), {@link Model#load()} {@code p = *q}
 *       (load(p, q)) and {@link Model#store()} {@code *p = q} (store(p, q)): copies the most common, then taking
 *       addresses, loads and stores about as often as each other, the mix of constraint sets extracted from C
 *       programs.</li>
 * </ul>
 *
 * Each relation is sorted and free of duplicates; the same variables and seed give the same relations.
 */
public record PointsToInputs(EdgeList addressOf, EdgeList assign, EdgeList load, EdgeList store) {

    /**
     * The parameters of the synthetic program: variables per function (objects are a quarter of that),
     * functions per module, the share of second operands from the first's own function (the rest come from its
     * module), and distinct constraints of each kind per variable.
     */
    record Model(int functionVariables, int moduleFunctions, double functionShare,
                 double addressOf, double assign, double load, double store) {
    }

    /** The model of the pts datasets: about 45 points-to pairs per variable. */
    static final Model MODEL = new Model(32, 16, 0.9, 0.4, 1.0, 0.3, 0.3);

    /** The dataset name {@code pts-<variables>}, or -1 when {@code name} is not one. */
    public static int variablesOf(String name) {
        if (!name.startsWith("pts-")) {
            return -1;
        }
        int n;
        try {
            n = Integer.parseInt(name.substring(4));
        } catch (NumberFormatException e) {
            throw new BenchException("bad points-to dataset name '" + name + "': use pts-<variables>, e.g. pts-100000");
        }
        if (n < MODEL.functionVariables() || n > 50_000_000) {
            throw new BenchException("points-to dataset " + name + ": the variables must be between "
                    + MODEL.functionVariables() + " and 50000000");
        }
        return n;
    }

    /** The constraints of a program with {@code variables} pointer variables (at least one function's worth). */
    public static PointsToInputs generate(int variables, long seed) {
        return generate(variables, seed, MODEL);
    }

    static PointsToInputs generate(int variables, long seed, Model model) {
        if (variables < model.functionVariables()) {
            throw new BenchException("a points-to program needs at least " + model.functionVariables()
                    + " variables, got " + variables);
        }
        Program p = new Program(variables, model, new SplittableRandom(seed));
        return new PointsToInputs(
                p.constraints(count(variables, model.addressOf()), true),
                p.constraints(count(variables, model.assign()), false),
                p.constraints(count(variables, model.load()), false),
                p.constraints(count(variables, model.store()), false));
    }

    private static int count(int variables, double perVariable) {
        return (int) Math.round(variables * perVariable);
    }

    /** The number of abstract objects of a program with {@code variables} variables. */
    public static int objects(int variables) {
        return variables / 4;
    }

    /** The relations by the names the andersen program reads them. */
    public Map<String, EdgeList> relations() {
        Map<String, EdgeList> r = new LinkedHashMap<>();
        r.put("addressOf", addressOf);
        r.put("assign", assign);
        r.put("load", load);
        r.put("store", store);
        return r;
    }

    /** Draws the operands of one program's constraints, relation after relation from one random stream. */
    private static final class Program {
        private final int variables;
        private final int objects;
        private final int functionVariables;
        private final int functionObjects;
        private final int moduleFunctions;
        private final double functionShare;
        private final SplittableRandom random;

        Program(int variables, Model model, SplittableRandom random) {
            this.variables = variables;
            this.objects = objects(variables);
            this.functionVariables = model.functionVariables();
            this.functionObjects = Math.max(1, functionVariables / 4);
            this.moduleFunctions = model.moduleFunctions();
            this.functionShare = model.functionShare();
            this.random = random;
        }

        /**
         * {@code count} distinct pairs (p, x): p a variable, x an object ({@code toObject}) or another variable,
         * sorted. The count (at most one per variable) is far below the pairs in reach (a function's
         * variables, or objects, for each variable), so drawing until it is reached ends quickly.
         */
        EdgeList constraints(int count, boolean toObject) {
            HashSet<Long> seen = new HashSet<>(count * 2);
            long[] keys = new long[count];
            int n = 0;
            while (n < count) {
                int p = random.nextInt(variables);
                int x = toObject ? object(p) : variable(p);
                if (!toObject && x == p) {
                    continue; // p = p constrains nothing
                }
                long key = ((long) p << 32) | x;
                if (seen.add(key)) {
                    keys[n++] = key;
                }
            }
            Arrays.sort(keys);
            int[] src = new int[count];
            int[] dst = new int[count];
            for (int i = 0; i < count; i++) {
                src[i] = (int) (keys[i] >>> 32);
                dst[i] = (int) keys[i];
            }
            return new EdgeList(src, dst);
        }

        /** A variable of p's function, or else of p's module. */
        private int variable(int p) {
            int size = random.nextDouble() < functionShare ? functionVariables : functionVariables * moduleFunctions;
            int first = p / size * size;
            return first + random.nextInt(Math.min(size, variables - first));
        }

        /** An object of p's function, or else of p's module; object ids follow the variables'. */
        private int object(int p) {
            int functions = random.nextDouble() < functionShare ? 1 : moduleFunctions;
            int unit = p / (functionVariables * functions);
            int first = unit * functionObjects * functions;
            int size = Math.min(functionObjects * functions, objects - first);
            if (size <= 0) {
                // The last, partial function's objects: the program's last ones.
                return variables + objects - 1 - random.nextInt(Math.min(objects, functionObjects));
            }
            return variables + first + random.nextInt(size);
        }
    }
}
