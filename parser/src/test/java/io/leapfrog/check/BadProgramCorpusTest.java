package io.leapfrog.check;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.parser.DatalogParser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every program under resources {@code bad/} must fail to parse or check with exactly the first
 * line in its {@code .expected} file, followed by the offending source line and a caret; every
 * program under {@code unsupported/} must fail with a NotSupportedException whose first line is
 * the expected one.
 */
class BadProgramCorpusTest {

    static Stream<Path> badPrograms() throws IOException, URISyntaxException {
        return programsIn("/bad");
    }

    static Stream<Path> unsupportedPrograms() throws IOException, URISyntaxException {
        return programsIn("/unsupported");
    }

    private static Stream<Path> programsIn(String resource) throws IOException, URISyntaxException {
        Path dir = Path.of(BadProgramCorpusTest.class.getResource(resource).toURI());
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> programs = files.filter(p -> p.toString().endsWith(".dl")).sorted().toList();
            assertFalse(programs.isEmpty(), "no programs in " + dir);
            return programs.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badPrograms")
    void badProgramFailsWithTheExpectedMessage(Path program) throws IOException {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> parseAndCheck(program));
        assertFalse(error instanceof NotSupportedException, "a user error, not an unsupported feature: "
                + error.getMessage());
        String[] lines = error.getMessage().split("\n");
        assertEquals(expected(program), lines[0]);
        // Souffle style: the source line and a caret under the column of the error
        int line = Integer.parseInt(lines[0].split(":")[1]);
        int column = Integer.parseInt(lines[0].split(":")[2]);
        String source = Files.readAllLines(program).get(line - 1);
        if (!lines[1].startsWith("...") && !lines[1].endsWith("...")) {
            assertEquals(source, lines[1]);
            assertEquals(column - 1, lines[2].indexOf('^'), "caret column in\n" + error.getMessage());
        } else { // a long line is shown around the column: the caret still marks the column's character
            String shown = lines[1];
            int caret = lines[2].indexOf('^');
            String cut = shown.replaceFirst("^\\.\\.\\.", "").replaceFirst("\\.\\.\\.$", "");
            assertTrue(source.contains(cut), "a part of the source line: " + shown);
            assertEquals(source.charAt(column - 1), shown.charAt(caret), "caret column in\n" + error.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("unsupportedPrograms")
    void unsupportedFeatureIsNamed(Path program) throws IOException {
        LeapfrogException error = assertThrows(LeapfrogException.class, () -> parseAndCheck(program));
        assertInstanceOf(NotSupportedException.class, error, error.getMessage());
        assertTrue(error.getMessage().startsWith("not supported: "));
        assertEquals(expected(program), error.getMessage().split("\n")[0]);
    }

    private static void parseAndCheck(Path program) throws IOException {
        SemanticChecker.check(DatalogParser.parse(Files.readString(program), program.getFileName().toString()));
    }

    private static String expected(Path program) throws IOException {
        String name = program.getFileName().toString().replaceFirst("\\.dl$", ".expected");
        return Files.readString(program.resolveSibling(name)).strip();
    }
}
