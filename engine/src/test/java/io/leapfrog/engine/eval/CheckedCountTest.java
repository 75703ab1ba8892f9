package io.leapfrog.engine.eval;

import io.leapfrog.common.CountRangeException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The boundary of {@link AggregateEvaluator#checkedCount}: the largest number is a count, one more is not. */
class CheckedCountTest {

    @Test
    void theLargestNumberIsACountAndOneMoreIsAnError() {
        assertEquals(Integer.MAX_VALUE, AggregateEvaluator.checkedCount(Integer.MAX_VALUE, "q.dl:1:1"));
        assertEquals(0, AggregateEvaluator.checkedCount(0, "q.dl:1:1"));
        CountRangeException e = assertThrows(CountRangeException.class,
                () -> AggregateEvaluator.checkedCount(Integer.MAX_VALUE + 1L, "q.dl:1:1"));
        assertEquals(Integer.MAX_VALUE + 1L, e.count());
    }
}
