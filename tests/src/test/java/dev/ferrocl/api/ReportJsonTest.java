package dev.ferrocl.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/**
 * {@link ExecutionReport#toJson()} and {@link TaskReport#toJson()}: parsed back (by the small RFC 8259 reader below),
 * every member equals the report's own getter, for a task that ran on the device and one the JVM reran after a failed
 * check; strings with quotes, backslashes and control characters come back as they were.
 */
public class ReportJsonTest {
    static void map(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i] * 2 + 1;
        }
    }

    static void shifted(int[] a, int[] out) {
        for (@Parallel int i = 0; i < out.length; i++) {
            out[i] = a[i + 1] - a[i];
        }
    }

    /** A reader of JSON values: objects as maps (in order), arrays as lists, numbers as longs. */
    private static final class Reader {
        private final String s;
        private int at;

        Reader(String s) {
            this.s = s;
        }

        Object whole() {
            Object v = value();
            assertEquals("trailing text in " + s, s.length(), at);
            return v;
        }

        private Object value() {
            char c = s.charAt(at);
            switch (c) {
                case '{': {
                    at++;
                    Map<String, Object> m = new LinkedHashMap<>();
                    if (s.charAt(at) == '}') {
                        at++;
                        return m;
                    }
                    while (true) {
                        String k = (String) value();
                        expect(':');
                        assertTrue("duplicate key " + k, !m.containsKey(k));
                        m.put(k, value());
                        if (s.charAt(at) == ',') {
                            at++;
                            continue;
                        }
                        expect('}');
                        return m;
                    }
                }
                case '[': {
                    at++;
                    List<Object> l = new ArrayList<>();
                    if (s.charAt(at) == ']') {
                        at++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        if (s.charAt(at) == ',') {
                            at++;
                            continue;
                        }
                        expect(']');
                        return l;
                    }
                }
                case '"': {
                    at++;
                    StringBuilder b = new StringBuilder();
                    while (s.charAt(at) != '"') {
                        char d = s.charAt(at++);
                        assertTrue("raw control character in a string", d >= 0x20);
                        if (d != '\\') {
                            b.append(d);
                            continue;
                        }
                        char e = s.charAt(at++);
                        switch (e) {
                            case 'n' -> b.append('\n');
                            case 'r' -> b.append('\r');
                            case 't' -> b.append('\t');
                            case 'b' -> b.append('\b');
                            case 'f' -> b.append('\f');
                            case 'u' -> {
                                b.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                                at += 4;
                            }
                            default -> b.append(e);
                        }
                    }
                    at++;
                    return b.toString();
                }
                default: {
                    for (String word : new String[] {"true", "false", "null"}) {
                        if (s.startsWith(word, at)) {
                            at += word.length();
                            return word.equals("null") ? null : Boolean.valueOf(word);
                        }
                    }
                    int start = at;
                    while (at < s.length() && "-0123456789".indexOf(s.charAt(at)) >= 0) {
                        at++;
                    }
                    return Long.parseLong(s.substring(start, at));
                }
            }
        }

        private void expect(char c) {
            assertEquals("at " + at + " of " + s, c, s.charAt(at));
            at++;
        }
    }

    @SuppressWarnings("unchecked")
    private static void assertSame(TaskReport t, Map<String, Object> m) {
        assertEquals(t.id(), m.get("id"));
        assertEquals(t.ranOn().name(), m.get("ranOn"));
        assertEquals(t.reason(), m.get("reason"));
        assertEquals(t.device(), m.get("device"));
        assertEquals(t.compileNanos(), m.get("compileNanos"));
        assertEquals(t.buildNanos(), m.get("buildNanos"));
        assertEquals(t.kernelNanos(), m.get("kernelNanos"));
        assertEquals(t.transferNanos(), m.get("transferNanos"));
        assertEquals(t.cached(), m.get("cached"));
        assertEquals(t.fromDiskCache(), m.get("fromDiskCache"));
        List<Object> global = (List<Object>) m.get("globalSize");
        assertEquals(t.globalSize().length, global.size());
        for (int i = 0; i < global.size(); i++) {
            assertEquals(t.globalSize()[i], global.get(i));
        }
        assertEquals(t.localSize().length, ((List<Object>) m.get("localSize")).size());
        assertEquals(t.executions(), m.get("executions"));
        assertEquals(t.bytesUploaded(), m.get("bytesUploaded"));
        assertEquals(t.bytesDownloaded(), m.get("bytesDownloaded"));
        assertEquals(t.bytesInPlace(), m.get("bytesInPlace"));
        assertEquals(t.batches(), m.get("batches"));
        assertEquals(t.optimizations(), m.get("optimizations"));
        assertEquals(t.shares().size(), ((List<Object>) m.get("shares")).size());
    }

    @Test
    @SuppressWarnings("unchecked")
    public void theJsonHoldsWhatTheReportSays() {
        int n = 10_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 3 - 7;
        }
        int[] out = new int[n];
        int[] out2 = new int[n];
        try (TaskSchedule s = new TaskSchedule("json \"report\"\t\\ schedule")) {
            s.task("map", ReportJsonTest::map, a, out);
            s.execute();
            ExecutionReport first = s.report();
            Map<String, Object> m1 = (Map<String, Object>) new Reader(first.toJson()).whole();
            Map<String, Object> ran = (Map<String, Object>) ((List<Object>) m1.get("tasks")).get(0);
            assertSame(first.task("map"), ran);
            assertEquals("DEVICE", ran.get("ranOn"));
            assertTrue(((List<Object>) ran.get("globalSize")).size() == 1);
            // A second task whose last iteration reads past the array: both rerun on the JVM.
            s.task("shifted", ReportJsonTest::shifted, a, out2);
            try {
                s.execute();
            } catch (ArrayIndexOutOfBoundsException expected) {
                // The JVM's rerun throws as Java does.
            }
            ExecutionReport r = s.report();
            Map<String, Object> m = (Map<String, Object>) new Reader(r.toJson()).whole();
            assertEquals("json \"report\"\t\\ schedule", m.get("schedule"));
            List<Object> tasks = (List<Object>) m.get("tasks");
            assertEquals(2, tasks.size());
            assertSame(r.task("map"), (Map<String, Object>) tasks.get(0));
            assertSame(r.task("shifted"), (Map<String, Object>) tasks.get(1));
            assertEquals("JVM", ((Map<String, Object>) tasks.get(1)).get("ranOn"));
            assertTrue(((String) ((Map<String, Object>) tasks.get(1)).get("reason")).length() > 0);
        }
    }

    @Test
    public void stringsComeBackAsTheyWere() {
        String nasty = "a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj é \u2028";
        StringBuilder b = new StringBuilder();
        Json.string(b, nasty);
        assertEquals(nasty, new Reader(b.toString()).whole());
    }
}
