package io.leapfrog.exec.gpu.join;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** Which counts a running resident kernel may take, without a GPU. */
class ResidentCountTest {
    /**
     * A resident kernel serves another query object's count only when it was launched alike over the same
     * tries: the kernel, grid, plan bytes and arguments equal, and the resident set's generation the same.
     */
    @Test
    void aResidentKernelServesOnlyALaunchAlikeOverTheSameTries() {
        DepthFirstCount.Launch a = new DepthFirstCount.Launch("k", 132, 1024, 4096, null, 16, null, null);
        DepthFirstCount.Launch b = new DepthFirstCount.Launch("k", 132, 1024, 4096, null, 16, null, null);
        byte[] plan = {1, 2, 3};
        byte[] args = {4, 5};
        ResidentCount.Key ra = new ResidentCount.Key(a, 7, "k_resident", plan, args);
        assertEquals(ra, new ResidentCount.Key(b, 7, "k_resident", plan.clone(), args.clone()));
        assertEquals(ra.hashCode(), new ResidentCount.Key(b, 7, "k_resident", plan.clone(), args.clone()).hashCode());
        assertNotEquals(ra, new ResidentCount.Key(b, 8, "k_resident", plan, args), "the tries moved since");
        assertNotEquals(ra, new ResidentCount.Key(b, 7, "k_resident", new byte[] {1, 2, 4}, args), "another plan");
        assertNotEquals(ra, new ResidentCount.Key(b, 7, "k_resident", plan, new byte[] {4, 6}), "other arguments");
        assertNotEquals(ra, new ResidentCount.Key(b, 7, "j_resident", plan, args), "another kernel");
        DepthFirstCount.Launch smaller = new DepthFirstCount.Launch("k", 66, 1024, 4096, null, 16, null, null);
        assertNotEquals(ra, new ResidentCount.Key(smaller, 7, "k_resident", plan, args), "another grid");
        assertEquals("lw_block_count_v4_resident", ResidentCount.kernel("lw_block_count_v4"));
    }
}
