package io.leapfrog.exec.gpu;

import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfProgram;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How parameters lay themselves out in a launch's parameter buffer. */
class KernelArgTest {
    @Test
    void aPlansHeadTakesAndWritesOnlyItsFirstBytes() {
        LfPlan plan = new LfPlan().nvars(3).outVars(3).nslots(5);
        plan.level(0).width(2);
        plan.level(4).width(7);   // past a head of 4 levels
        KernelArg head = KernelArg.struct(plan.head(4), "plan");
        assertEquals(LfPlan.headBytes(4), head.size);
        assertEquals(8, head.align);
        assertEquals("LfPlanOf<4>", head.cType());
        ByteBuffer params = ByteBuffer.allocate(LfPlan.BYTES + 16).order(ByteOrder.LITTLE_ENDIAN);
        head.writeTo(params, 8);
        assertEquals(0, params.getInt(4));
        assertEquals(3, params.getInt(8 + LfPlan.NVARS));
        assertEquals(2, params.getInt(8 + LfPlan.LEVEL));
        assertEquals(0, params.getInt(8 + LfPlan.headBytes(4)), "bytes past the head stay unwritten");
        KernelArg whole = KernelArg.struct(plan, "plan");
        assertEquals(LfPlan.BYTES, whole.size);
        assertEquals("LfPlan", whole.cType());
    }

    @Test
    void aHeadLongerThanItsStructIsRefused() {
        assertThrows(IndexOutOfBoundsException.class, () -> new LfPlan().head(17));
    }

    @Test
    void aCallPacksItsArgumentsAtTheirAlignments() {
        LfProgram program = new LfProgram().n(1).op(0, 0).arg(0, 2);
        KernelCall call = KernelCall.of("k", KernelArg.i32(7), KernelArg.i64(-2), KernelArg.i32(9),
                KernelArg.struct(program, "value"), KernelArg.i32(5));
        byte[] p = call.parameterBytes();
        ByteBuffer b = ByteBuffer.wrap(p).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(7, b.getInt(0));
        assertEquals(-2, b.getLong(8), "a long long at the next multiple of 8");
        assertEquals(9, b.getInt(16));
        byte[] inPlace = new byte[LfProgram.BYTES];
        b.get(20, inPlace);
        assertArrayEquals(program.array(), inPlace, "LfProgram's alignment is 4: right after the int");
        assertEquals(5, b.getInt(20 + LfProgram.BYTES));
        assertEquals(24 + LfProgram.BYTES, p.length);
    }
}
