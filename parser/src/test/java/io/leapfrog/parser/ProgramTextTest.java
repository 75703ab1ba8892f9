package io.leapfrog.parser;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgramTextTest {
    @TempDir
    Path dir;

    @Test
    void aByteOrderMarkIsSkipped() {
        byte[] text = ".decl é(x:number)\n".getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[text.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(text, 0, withBom, 3, text.length);
        assertEquals(".decl é(x:number)\n", ProgramText.decode(withBom, "p.dl"));
        assertEquals(".decl é(x:number)\n", ProgramText.decode(text, "p.dl"));
    }

    @Test
    void anInvalidByteIsAnErrorAtItsLineAndColumn() {
        byte[] bytes = "a(1).\n// é caf\u0001\n".getBytes(StandardCharsets.UTF_8);
        bytes[bytes.length - 2] = (byte) 0xE9;
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> ProgramText.decode(bytes, "p.dl"));
        assertEquals("p.dl:2:9: error: invalid UTF-8 byte 0xE9; program files must be UTF-8 (convert one in Latin-1"
                + " with iconv -f latin1 -t utf-8)\n// é caf\uFFFD\n        ^", e.getMessage());
        byte[] cut = {'a', (byte) 0xC3};
        e = assertThrows(LeapfrogException.class, () -> ProgramText.decode(cut, "q.dl"));
        assertTrue(e.getMessage().startsWith("q.dl:1:2: error: invalid UTF-8 byte 0xC3"), e.getMessage());
    }

    @Test
    void filesThatCannotBeProgramsGetASentence() {
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> ProgramText.read(dir, "program file"));
        assertEquals("error: cannot read program file " + dir + ": it is a directory", e.getMessage());
        e = assertThrows(LeapfrogException.class, () -> ProgramText.read(dir.resolve("none.dl"), "program file"));
        assertEquals("error: cannot read program file " + dir.resolve("none.dl") + ": no such file or directory",
                e.getMessage());
    }

    @Test
    void readingStopsAtTheLimit() {
        long start = System.nanoTime();
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> ProgramText.read(Path.of("/dev/zero"), "program file"));
        assertTrue(e.getMessage().contains("larger than 256 MiB"), e.getMessage());
        assertTrue(System.nanoTime() - start < 30_000_000_000L);
    }
}
