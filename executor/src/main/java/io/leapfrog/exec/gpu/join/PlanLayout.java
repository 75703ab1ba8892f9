package io.leapfrog.exec.gpu.join;

/**
 * Byte layout of the kernels' {@code LfPlan} and {@code LfTable} structs (kernels/src/main/cuda/plan.cuh
 * and levelwise_kernels.cuh, which static_assert the same numbers). Little-endian, natural alignment.
 */
final class PlanLayout {
    private PlanLayout() {
    }

    static final int MAX_VARS = 16;
    static final int MAX_PARTS = 8;
    static final int MAX_SLOTS = 32;
    static final int MAX_BOUNDS = 4;

    // LfPlan
    static final int PLAN_NVARS = 0;
    static final int PLAN_OUTVARS = 4;
    static final int PLAN_NSLOTS = 8;
    static final int PLAN_LEVELS = 16;
    static final int LEVEL_BYTES = 96 + 8 * 72;
    static final int PLAN_BYTES = PLAN_LEVELS + MAX_VARS * LEVEL_BYTES;

    // LfLevel, relative to the level
    static final int LEVEL_WIDTH = 0;
    static final int LEVEL_NLOWER = 4;
    static final int LEVEL_NUPPER = 8;
    static final int LEVEL_LOWER_CONST = 16;
    static final int LEVEL_UPPER_CONST = 24;
    static final int LEVEL_LOWER_VAR = 32;
    static final int LEVEL_LOWER_ADD = 48;
    static final int LEVEL_UPPER_VAR = 64;
    static final int LEVEL_UPPER_SUB = 80;
    static final int LEVEL_PARTS = 96;
    static final int PART_BYTES = 72;

    // LfPart, relative to the part
    static final int PART_VALS = 0;
    static final int PART_PARENT_OFF = 8;
    static final int PART_RANK = 16;
    static final int PART_PARENT_SLOT = 24;
    static final int PART_SLOT = 28;
    static final int PART_LEN = 32;
    static final int PART_RANK_MIN = 36;
    static final int PART_RANK_SPAN = 40;
    static final int PART_BITS = 48;
    static final int PART_BITS_ROW0 = 56;
    static final int PART_BITS_ROWS = 60;
    static final int PART_BITS_COL0 = 64;
    static final int PART_BITS_WORDS = 68;

    // LfTable
    static final int TABLE_ROWS = 0;
    static final int TABLE_BIND = 8;
    static final int TABLE_SLOT = TABLE_BIND + 8 * MAX_VARS;
    static final int TABLE_BYTES = TABLE_SLOT + 8 * MAX_SLOTS;
}
