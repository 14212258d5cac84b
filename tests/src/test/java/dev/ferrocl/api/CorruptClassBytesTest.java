package dev.ferrocl.api;

import static org.junit.Assert.fail;

import java.nio.charset.StandardCharsets;
import org.junit.Test;

/** Garbage handed to the native compiler is a FerroclException that names the class, not a crash. */
public class CorruptClassBytesTest {

    @Test
    public void garbageClassBytesAreAFerroclExceptionNamingTheClass() {
        byte[] garbage = "this is not a class file, not even close".getBytes(StandardCharsets.US_ASCII);
        assertCorrupt(garbage);
    }

    @Test
    public void aTruncatedClassFileIsAFerroclExceptionNamingTheClass() {
        // A valid header (magic, version 61) followed by nothing.
        byte[] truncated = {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, 0, 61, 0, 10};
        assertCorrupt(truncated);
    }

    private static void assertCorrupt(byte[] bytes) {
        try {
            Backend.compile("dev/ferrocl/api/Bogus", bytes, "run", "([II)V", true, Config.DEVICE,
                    new ClassResolver(CorruptClassBytesTest.class.getClassLoader()));
            fail("expected a FerroclException");
        } catch (CompilationException e) {
            throw new AssertionError("corrupt class bytes are a FerroclException, not a bailout", e);
        } catch (FerroclException e) {
            String m = String.valueOf(e.getMessage());
            if (!m.contains("dev/ferrocl/api/Bogus") && !m.contains("dev.ferrocl.api.Bogus")) {
                throw new AssertionError("the message should name the class dev.ferrocl.api.Bogus", e);
            }
        }
    }
}
