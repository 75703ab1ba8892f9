package io.leapfrog.cli.console;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;

import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class UserErrorsTest {

    @Test
    void leapfrogExceptionsAreFoundThroughWrappers() {
        Exception wrapped = new RuntimeException(new ExecutionException(new LeapfrogException("e.dl:1:2: error: x")));
        assertEquals("e.dl:1:2: error: x", UserErrors.messageOf(wrapped));
    }

    @Test
    void fileFailuresAreUserErrors() {
        Exception e = new UncheckedIOException(new NoSuchFileException("facts/edge.facts"));
        assertEquals("error: no such file or directory: facts/edge.facts", UserErrors.messageOf(e));
    }

    @Test
    void anythingElseIsInternal() {
        assertNull(UserErrors.messageOf(new IllegalStateException("bug")));
        assertEquals("IllegalStateException: bug", UserErrors.oneLine(new IllegalStateException("bug\nmore")));
    }
}
