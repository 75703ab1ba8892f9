package io.leapfrog.planner.calcite;

/**
 * How a Datalog rule body's variables are named inside its Calcite plan: variable k is the column
 * {@code v<k>} of every atom table that contains it, so the names survive Calcite's rewrites.
 */
final class DatalogNames {

    private DatalogNames() { }

    static String variable(int k) {
        return "v" + k;
    }

    static boolean isVariable(String name) {
        if (name.length() < 2 || name.charAt(0) != 'v') {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static int index(String name) {
        return Integer.parseInt(name.substring(1));
    }
}
