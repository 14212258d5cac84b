package dev.ferrocl.api;

/** Writes the JSON of the reports: keys, strings (escaped per RFC 8259), numbers, booleans, arrays of longs. */
final class Json {
    private Json() {
    }

    /** Appends {@code "key":} after a comma unless it is the object's first member. */
    static StringBuilder key(StringBuilder b, String key) {
        char last = b.charAt(b.length() - 1);
        if (last != '{' && last != '[') {
            b.append(',');
        }
        return string(b, key).append(':');
    }

    static void field(StringBuilder b, String key, String value) {
        key(b, key);
        if (value == null) {
            b.append("null");
        } else {
            string(b, value);
        }
    }

    static void field(StringBuilder b, String key, long value) {
        key(b, key).append(value);
    }

    static void field(StringBuilder b, String key, boolean value) {
        key(b, key).append(value);
    }

    static void field(StringBuilder b, String key, long[] values) {
        key(b, key).append('[');
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ",").append(values[i]);
        }
        b.append(']');
    }

    /** Appends {@code s} as a JSON string. */
    static StringBuilder string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"');
    }
}
