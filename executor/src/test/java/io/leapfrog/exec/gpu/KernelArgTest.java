package io.leapfrog.exec.gpu;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** How parameters lay themselves out in a launch's parameter buffer. */
class KernelArgTest {
    @Test
    void aStructPrefixTakesAndWritesOnlyItsFirstBytes() {
        byte[] plan = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
        KernelArg head = KernelArg.structPrefix(plan, 8, "plan");
        assertEquals(8, head.size);
        assertEquals(8, head.align);
        ByteBuffer params = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        head.writeTo(params, 4);
        assertEquals(0, params.get(3));
        assertEquals(1, params.get(4));
        assertEquals(8, params.get(11));
        assertEquals(0, params.get(12), "bytes past the prefix stay unwritten");
        assertEquals(plan.length, KernelArg.struct(plan, "plan").size);
    }

    @Test
    void aPrefixLongerThanItsStructIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> KernelArg.structPrefix(new byte[4], 8, "plan"));
    }
}
