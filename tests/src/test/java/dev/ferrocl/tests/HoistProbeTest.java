package dev.ferrocl.tests;

import static org.junit.Assert.fail;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import dev.ferrocl.api.TaskReport;
import dev.ferrocl.api.TaskSchedule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.Test;

/**
 * Probes of {@code hoistInvariants} (values an inner loop does not change, computed before it) in control flow that
 * could break it: while and do-while loops, {@code break}/{@code continue} (labeled too, and of the @Parallel loop),
 * loops that run no iteration, invariants used only after the loop, only under a branch, feeding a phi, depending on
 * an outer sequential loop's variable; divisions by constants and by variables (a zero divisor throws exactly when
 * the JVM does, never in a loop that does not run), exact arithmetic, {@code Math} calls, {@code long} and
 * {@code float} arithmetic, casts with Java's saturation and NaN, shifts, ternaries and {@code switch}, comparisons
 * of NaN, overflow, static fields, private arrays, 2-D nests (tiled and imperfect), staged and row-strided loops,
 * vector accesses, reductions, sine/cosine pairs, versioned loops with a loop on their break path, and index checks
 * that fail.
 *
 * <p>Every probe runs the kernel strict on the device with the phase on and off, against the JVM on clones of the
 * inputs: where the JVM returns, the task must run on the device and every array must be the JVM's (bit for bit, or
 * for kernels with transcendental {@code Math} calls within a small relative tolerance), and the two runs must agree
 * bit for bit with each other; where the JVM throws, both runs must throw the same exception with the same message,
 * after a failed device check, and leave every array as the JVM left it. With {@code -Dferrocl.hoistprobe.dump=DIR}
 * the kernel sources (and reports) are written to {@code DIR} for diagnosis.
 */
public class HoistProbeTest {

    // ================================================================ kernels

    /** A while loop: invariant int products, xors and shifts that overflow, and one of the parallel index. */
    public static void whileLoop(int[] a, int[] out, int[] trips, int p, int q) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = 0;
            int acc = i;
            while (k < trips[i]) {
                acc += a[k & 63] * (p * q + 0x9E3779B9) + ((p ^ q) >>> 3) - i * p;
                k++;
            }
            out[i] = acc;
        }
    }

    /** A do-while (runs once even when trips[i] is 0): sqrt and division of a parameter. */
    public static void doWhile(double[] a, double[] out, int[] trips, double x) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = i;
            int k = 0;
            do {
                s = s * 0.5 + Math.sqrt(x) * a[k] + x / 3.0;
                k++;
            } while (k < trips[i]);
            out[i] = s;
        }
    }

    /** A break out of the inner loop; an invariant computed only on the break path, one only after the loop. */
    public static void breakInner(int[] a, int[] out, int limit, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            int found = -1;
            int k = 0;
            for (; k < a.length; k++) {
                if (a[k] > limit + p * 2 + i) {
                    found = p * 1000 + i;
                    break;
                }
                acc += a[k] ^ (p << 4);
            }
            out[i] = acc * 31 + k + found * 7 + (p * 5 - limit);
        }
    }

    /** {@code continue outer} and {@code continue} in a nest; a row offset invariant in the inner loop only. */
    public static void labeledContinue(int[] m, int[] out, int rows, int cols, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            outer:
            for (int r = 0; r < rows; r++) {
                int base = r * cols;
                for (int c = 0; c < cols; c++) {
                    int v = m[base + c];
                    if (v == p + r + (i & 3)) {
                        continue outer;
                    }
                    if (v < 0) {
                        continue;
                    }
                    acc += v * (r * r + i) + (p >> (r & 7));
                }
                acc ^= r * 17 + i;
            }
            out[i] = acc;
        }
    }

    /** {@code while (true)} with a labeled break out of an inner for; a remainder by an array's length. */
    public static void searchBreak(int[] m, int[] out, int rows, int cols, int target) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int found = -1;
            int j = 0;
            search:
            while (true) {
                for (int c = 0; c < cols; c++) {
                    if (m[(j * cols + c) % m.length] == target * 3 + (i % 5)) {
                        found = j * 100 + c + (target << 16);
                        break search;
                    }
                }
                j++;
                if (j >= rows) {
                    break;
                }
            }
            out[i] = found;
        }
    }

    /** Invariants assigned in a loop that may run no iteration: they feed phis read after the loop. */
    public static void phiAfterLoop(int[] a, int[] out, double[] dout, int[] trips, int p, int q, double x) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int t = -1;
            double d = -0.0;
            int s = 0;
            for (int k = 0; k < trips[i]; k++) {
                t = p * q + 7;
                d = Math.floor(x * 2.5) - q;
                s += a[k];
            }
            out[i] = t + s;
            dout[i] = d;
        }
    }

    /** Invariant IEEE operations used only under one branch of an if inside the loop (NaN, infinities, -0.0). */
    public static void branchOnly(double[] a, double[] out, int n, double x, double y) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = i;
            for (int k = 0; k < n; k++) {
                double v = a[(i + k) % a.length];
                if (v < 0.25) {
                    s += Math.sqrt(x) / y;
                } else if (v > 0.75) {
                    s -= x * y + 1.0;
                } else {
                    s = s * 0.5;
                }
            }
            out[i] = s;
        }
    }

    /** Values of an outer sequential loop's variable, invariant in the inner loop: long and float arithmetic. */
    public static void outerDependent(int[] m, float[] fm, long[] out, float[] fout, int rows, int cols) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long acc = 0;
            float facc = 0f;
            for (int r = 0; r < rows; r++) {
                long lr = (long) r * r * 1_000_003L + i;
                float fr = (float) Math.floor(r * 0.7f + i * 0.1f);
                for (int c = 0; c < cols; c++) {
                    if (m[r * cols + c] % 3 == (r & 1)) {
                        continue;
                    }
                    acc += (lr ^ c) * 31L + m[r * cols + c];
                    facc += fr * fm[c] + r;
                }
            }
            out[i] = acc;
            fout[i] = facc;
        }
    }

    /** Ternaries choosing between invariants (constant divisions, long products) inside the loop. */
    public static void ternaries(int[] a, int[] out, long[] lout, int n, int p, int q) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < n; k++) {
                int e = a[(i + k) & 63];
                int v = e > 0 ? (p / 3) * k : (p % 5) - q;
                acc += v;
                long w = (e & 1) == 0 ? (long) p * q : -((long) q >> 2);
                lacc = lacc * 3 + w;
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** A switch on an invariant inside the loop (with a fall-through). */
    @SuppressWarnings("fallthrough")
    public static void switchInLoop(int[] a, long[] out, int n, int p, long lx) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long s = i;
            for (int k = 0; k < n; k++) {
                switch (p & 3) {
                    case 0:
                        s += lx * 2 + a[k & 63];
                        break;
                    case 1:
                        s -= k * (long) p;
                        break;
                    case 2:
                        s ^= lx >>> (p & 63);
                        // fall through
                    default:
                        s += p / 7 + (lx % 1000);
                }
            }
            out[i] = s;
        }
    }

    /** Divisions and remainders by constants (floating nodes), MIN_VALUE / -1 included, in loops that may not run. */
    public static void constDivisions(int[] out, long[] lout, int[] trips, int p, long lp) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += p / -1 + p % -1 + p / 7 + p % -3 + (p + i) / 16 + (p - k) % 8;
                lacc += lp / -1L + lp % -1L + lp / 1000L + lp % 7L;
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** Divisions by invariant variables (fixed, guarded): must throw exactly when the JVM does. */
    public static void varDivision(int[] a, int[] out, long[] lout, int[] trips, int x, int d, long lx, long ld) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += x / d + a[k] % d;
                lacc += lx % ld;
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** A division by a variable under a branch of a while (true) loop that may never be taken. */
    public static void varDivisionWhile(int[] a, int[] out, int n, int x, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            int k = 0;
            while (true) {
                if (k >= n) {
                    break;
                }
                if (a[k] > 1000) {
                    acc += x / d;
                }
                acc += a[k] - x % (d | 1);
                k++;
            }
            out[i] = acc;
        }
    }

    /** A remainder by another array's length (zero when it is empty) in a loop that may not run. */
    public static void remByLength(int[] a, int[] b, int[] out, int[] trips) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += a[k] + (i * 7 + 3) % b.length;
            }
            out[i] = acc;
        }
    }

    /** Transcendental Math calls of invariants, under branches and feeding a phi read after the loop. */
    public static void mathCalls(double[] a, double[] out, double[] last, int n, double x, double y) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 1;
            double l = 0;
            for (int k = 0; k < n; k++) {
                double v = a[(i + k) % a.length];
                if (v > 0.5) {
                    s += Math.exp(x) * v + Math.pow(y, 2.5);
                } else {
                    s += Math.sin(x + i) * Math.sin(x + i) + Math.floor(y * 3.3);
                }
                l = Math.pow(x, y) + Math.cos(y);
            }
            out[i] = s;
            last[i] = l;
        }
    }

    /** Casts of invariants with Java's saturation and NaN: double/float to int, long, char, short, byte. */
    public static void casts(int[] out, long[] lout, int[] trips, double x, float f) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += (int) x + (char) (int) x + (short) x + (byte) (x * 3) + (int) f + (int) (x + i);
                lacc += (long) x + (long) f + (long) (float) x + (long) (f * i);
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** Shifts of invariants by invariant counts outside 0..31 / 0..63 (Java masks them). */
    public static void shifts(int[] a, int[] out, long[] lout, int n, int x, long lx, int s) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < n; k++) {
                acc += (x << s) ^ (x >> s) ^ (x >>> s) ^ (a[k & 63] << (s + 1)) ^ ((i << s) >> 2);
                lacc += (lx << s) + (lx >> (s + 32)) - (lx >>> (s * 3)) + ((long) a[k & 63] << s);
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** Comparisons of invariant NaN and signed zeros, Math.min/max of them, in the loop. */
    public static void nanCompares(double[] a, int[] out, double[] dout, float[] fout, int n, double x, double y,
            float f) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int c = 0;
            double m = a[i];
            float fm = 0f;
            for (int k = 0; k < n; k++) {
                if (x < y) {
                    c += 1;
                }
                if (!(x >= y)) {
                    c += 10;
                }
                if (x != x) {
                    c += 100;
                }
                if (f == f) {
                    c += 1000;
                }
                c += Double.compare(x, y) * 10000;
                c += (x > y ? 1 : 0) << 20;
                m = Math.max(m, x) - Math.min(y, -0.0) * 0.5;
                fm = Math.min(fm, f) * 0.5f;
            }
            out[i] = c;
            dout[i] = m;
            fout[i] = fm;
        }
    }

    /** Math.abs(MIN_VALUE), negation and products that overflow, int and long. */
    public static void absOverflow(int[] out, long[] lout, int n, int p, long lp) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = i;
            long lacc = i;
            for (int k = 0; k < n; k++) {
                acc = acc * 31 + Math.abs(p) + (-p) + p * p + (p + p) + Math.abs(p + i) / 2 + Integer.MAX_VALUE;
                lacc = lacc * 31 + Math.abs(lp) + (-lp) + lp * lp + Math.abs((long) p) + Long.MAX_VALUE;
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** A private array in the parallel body, loops over it, an invariant index. */
    public static void localArray(int[] out, int p, int rounds) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[8];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < t.length; k++) {
                    t[k] += (p * 3 + r) ^ (i + k);
                }
                t[(p + r) & 7] -= i * p;
            }
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s = s * 31 + t[k];
            }
            out[i] = s;
        }
    }

    /** A private array indexed by an invariant that may be out of its range (only in a loop that may not run). */
    public static void localArrayIndex(int[] out, int p, int rounds) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int[] t = new int[8];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < 3; k++) {
                    t[p + r] += i * k + p;
                }
            }
            int s = 0;
            for (int k = 0; k < t.length; k++) {
                s = s * 31 + t[k];
            }
            out[i] = s;
        }
    }

    /** A 2-D nest with a sequential loop: values of both indices, invariant in it. */
    public static void twoD(double[] m, double[] out, int rows, int cols, int depth) {
        for (@Parallel int i = 0; i < rows; i++) {
            for (@Parallel int j = 0; j < cols; j++) {
                double w = 0;
                for (int k = 0; k < depth; k++) {
                    w += m[k] * Math.sqrt(i * cols + j + 0.5) + (i * j) % 7 + (double) ((i + j) / 3);
                }
                out[i * cols + j] = w;
            }
        }
    }

    /** A matmul-shaped 2-D nest (tiling may apply) with an invariant scale of a parameter. */
    public static void matmulScaled(float[] a, float[] b, float[] c, int n, int m, int kk, float x) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < m; j++) {
                float sum = 0f;
                for (int p = 0; p < kk; p++) {
                    sum += a[i * kk + p] * b[p * m + j] * (float) Math.sqrt(x);
                }
                c[i * m + j] = sum;
            }
        }
    }

    /** An N-body-shaped loop (staging may apply): a load before the loop, an invariant float sqrt in it. */
    public static void nbodyLike(float[] x, float[] out, float eps, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float xi = x[i];
            float s = 0f;
            for (int k = 0; k < n; k++) {
                float d = x[k] - xi;
                s += d * (float) Math.sqrt(eps * eps + 1f) + xi * eps;
            }
            out[i] = s;
        }
    }

    /** Invariant index offsets that overflow or pass the end; stores in the loop before the failing load. */
    public static void oobInvariant(int[] a, int[] out, int n, int stride) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < n; k++) {
                acc += a[i * stride + k];
                out[i] = acc;
            }
        }
    }

    /** An index made of a saturating cast of an invariant. */
    public static void oobCast(int[] a, int[] out, int[] trips, double x) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += a[(int) x + k] * 3;
            }
            out[i] = acc;
        }
    }

    /** Invariant loop bounds that overflow (no iteration) or come from a Math call. */
    public static void invariantBounds(int[] a, int[] out, int p, int q, double x) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < p * q; k++) {
                acc += a[k & 63] + i;
            }
            int k = 0;
            while (k < (int) Math.sqrt(x)) {
                acc = acc * 7 + a[(k + i) & 63];
                k++;
            }
            out[i] = acc;
        }
    }

    /** A chain of invariants across nest levels, a do-while inner loop, a value used after it. */
    public static void chain(int[] a, int[] out, int rows, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            int q = p * 3 + i;
            for (int r = 0; r < rows; r++) {
                int w = q + r;
                int c = 0;
                do {
                    acc += a[(w + c) & 63] * (w * w);
                    c++;
                } while (c < (r & 3));
                acc += w ^ q;
            }
            out[i] = acc;
        }
    }

    /** A loop on the break path of a versioned counted loop (written in both copies), invariant in it. */
    public static void breakPathLoop(int[] a, int[] out, int n, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < n; k++) {
                int v = a[k];
                if (v > p + i) {
                    for (int j = 0; j < (k & 7); j++) {
                        if (a[j] < 0) {
                            continue;
                        }
                        acc += a[j] * (p * 3 + k);
                    }
                    break;
                }
                acc += v;
            }
            out[i] = acc;
        }
    }

    /** {@code continue} of the @Parallel loop from inside the inner loop, after a store. */
    public static void continueParallel(int[] a, int[] out, int n, int p) {
        par:
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < n; k++) {
                int v = a[(i + k) & 63];
                if (v == p * 2 + 1) {
                    out[i] = -(p * 5 + i);
                    continue par;
                }
                acc += v * (p ^ 0x55);
            }
            out[i] = acc;
        }
    }

    /** A float sine and cosine of one invariant argument, each under its own branch (a pair once both move out). */
    public static void sinCosSplit(float[] a, float[] out, int n, float w) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float v = w * i;
            float s = 0f;
            for (int k = 0; k < n; k++) {
                if (a[k] > 0f) {
                    s += ((float) Math.sin(v) + 2f) * a[k];
                } else {
                    s -= ((float) Math.cos(v) + 2f) * a[k];
                }
            }
            out[i] = s;
        }
    }

    /** Series' shape (coherentBranches): a parity picked once, switched on in the loop, invariant calls. */
    public static void seriesKinds(double[] out, int steps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int kind = i % 2 == 1 ? 1 : 2;
            double omega = Math.PI * i;
            double s = 0;
            for (int k = 1; k <= steps; k++) {
                double x = k * 0.01;
                switch (kind) {
                    case 1:
                        s += (Math.cos(omega * x) + 2) * x * Math.sqrt(omega + 1);
                        break;
                    default:
                        s += (Math.sin(omega * x) + 2) * x + Math.exp(-omega);
                }
            }
            out[i] = s;
        }
    }

    /** An int sum reduction over an inner loop with invariants (wrapping: exact in any order). */
    public static void reduceSum(int[] a, @Reduce int[] sum, int m, int n, int p) {
        for (@Parallel int i = 0; i < m; i++) {
            int t = 0;
            for (int k = 0; k < n; k++) {
                t += a[(i + k) & 63] * (p * 7 + 1) + (p >>> 3);
            }
            sum[0] += t;
        }
    }

    /** A long max reduction over an inner loop with invariants. */
    public static void reduceMax(int[] a, @Reduce long[] best, int m, int n, long lp) {
        for (@Parallel int i = 0; i < m; i++) {
            long t = Long.MIN_VALUE;
            for (int k = 0; k < n; k++) {
                t = Math.max(t, a[(i * k) & 63] * lp + (lp >> 7));
            }
            best[0] = Math.max(best[0], t);
        }
    }

    /** A private array allocated in every iteration of a sequential loop (zeroed each time). */
    public static void arrayPerRound(int[] out, int rounds, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int r = 0; r < rounds; r++) {
                int[] t = new int[4];
                for (int k = 0; k < (r & 3); k++) {
                    t[k] += (p * 3 + r) * k + i;
                }
                t[(p + i) & 3] += r;
                acc = acc * 7 + t[0] + t[1] * 3 + t[2] * 5 + t[3] * 7;
            }
            out[i] = acc;
        }
    }

    /** A staged-loop shape whose load before the loop may fail its check (deferred in lead mode). */
    public static void nbodyOffset(float[] x, float[] out, int off, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float xi = x[i + off];
            float s = 0f;
            for (int k = 0; k < n; k++) {
                s += (x[k] - xi) * (float) off + xi;
            }
            out[i] = s;
        }
    }

    /** A do-while outer loop with {@code continue} (to its condition) around a while loop with continue. */
    public static void doWhileContinue(int[] a, int[] out, int rows, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            int r = 0;
            do {
                int w = p * r + i;
                int c = 0;
                while (c < 5) {
                    c++;
                    if ((a[(w + c) & 63] & 3) == 0) {
                        continue;
                    }
                    acc += w * c + (p << 2);
                }
                r++;
                if ((r & 1) == 0) {
                    continue;
                }
                acc ^= w;
            } while (r < rows);
            out[i] = acc;
        }
    }

    /** Three sequential loops: values of the outer two variables, invariant at different depths. */
    public static void tripleNest(int[] out, long[] lout, int n1, int n2, int n3, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int a = 0; a < n1; a++) {
                for (int b = 0; b < n2; b++) {
                    for (int c = 0; c < n3; c++) {
                        acc += (a * p + i) * c + ((a * b) ^ (p * p >> 3));
                        lacc += (long) (a + b) * p * 1_000_000_007L + c;
                    }
                }
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** An invariant bound of a while loop (stepping by 3) that is also used after it. */
    public static void headerAfter(int[] a, int[] out, int lim, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = i & 1;
            int acc = 0;
            while (k < lim * 2 - p) {
                acc += a[k & 63];
                k += 3;
            }
            out[i] = acc + (lim * 2 - p) * 1000 + k;
        }
    }

    /** A loop left through an invariant condition. */
    public static void invariantExit(int[] a, int[] out, int n, int p, int q) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            int k = 0;
            while (k < n) {
                acc += a[k & 63];
                if (p > q && k >= (i & 7)) {
                    break;
                }
                if (p == q) {
                    acc = -acc;
                }
                k++;
            }
            out[i] = acc * 31 + k;
        }
    }

    /** Invariants of a value loaded before the loop. */
    public static void loadBefore(int[] a, int[] base, int[] out, int n, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int b = base[i];
            int acc = 0;
            for (int k = 0; k < n; k++) {
                acc += a[k & 63] * (b * p + 1) + (b >> 2) / 3;
            }
            out[i] = acc;
        }
    }

    /** Invariants of a division by a variable before the loop (it throws whatever the trip count). */
    public static void divBefore(int[] a, int[] out, int[] trips, int x, int d) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int q = x / (d + i % 2);
            int acc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += a[k & 63] * (q * 3 + 1) + q % 5;
            }
            out[i] = acc;
        }
    }

    /** A load at an invariant index in the loop's body: out of range only where the loop may not run. */
    public static void invariantLoad(int[] a, int[] b, int[] out, int[] trips, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += a[k] + b[p + i];
            }
            out[i] = acc;
        }
    }

    /** A load at an invariant index in the loop's header (read once before the loop when it is entered). */
    public static void headerLoad(int[] a, int[] lim, int[] out, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = 0;
            int acc = 0;
            while (k < lim[p]) {
                acc += a[(k + i) & 63];
                k++;
            }
            out[i] = acc;
        }
    }

    /** Four consecutive loads at an invariant base (a vector access) in an inner loop. */
    public static void vectorGroups(float[] a, float[] out, int rows, int reps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float s = 0f;
            for (int r = 0; r < rows; r++) {
                int base = (r * out.length + i) * 4;
                for (int k = 0; k < reps; k++) {
                    s += (a[base] * 1.5f + a[base + 1] + a[base + 2] * 0.25f + a[base + 3]) * k;
                }
            }
            out[i] = s;
        }
    }

    /** A long induction variable with invariant long arithmetic. */
    public static void longCounter(long[] out, long ln, long lp) {
        for (@Parallel int i = 0; i < out.length; i++) {
            long acc = 0;
            for (long k = 0; k < ln; k++) {
                acc += k * (lp * lp + i) ^ (lp >>> 5);
            }
            out[i] = acc;
        }
    }

    /** Exact arithmetic (overflow guards) and floorDiv/floorMod of invariants, in a loop that may not run. */
    public static void exactOps(int[] out, long[] lout, int[] trips, int p, int q, long lp) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int acc = 0;
            long lacc = 0;
            for (int k = 0; k < trips[i]; k++) {
                acc += Math.addExact(p, q) + Math.multiplyExact(p, 3) + Math.negateExact(q) + Math.absExact(p) + k;
                lacc += Math.toIntExact(lp) + Math.multiplyExact(lp, (long) q) + Math.floorDiv(p, q)
                        + Math.floorMod(lp, (long) q);
            }
            out[i] = acc;
            lout[i] = lacc;
        }
    }

    /** Static fields (read by the host per launch) in invariant arithmetic of an inner loop. */
    public static final class Knob {
        static int scale = 3;
        static double weight = 0.5;

        private Knob() {
        }
    }

    /** Static fields in invariant arithmetic of an inner loop. */
    public static void staticKnobs(int[] a, double[] out, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += a[k & 63] * (Knob.scale * 2 + 1) + Knob.weight * Knob.scale + i;
            }
            out[i] = s;
        }
    }

    /** A while (true) loop left once (its exit written after it), then a loop using an invariant of its load. */
    public static void afterSearch(int[] a, int[] out, int t, int n) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int k = i & 15;
            int v;
            while (true) {
                v = a[k & 63];
                if (v > t) {
                    break;
                }
                k += 5;
            }
            int acc = 0;
            for (int j = 0; j < n; j++) {
                acc += (v * t + k) ^ j;
            }
            out[i] = acc;
        }
    }

    /** Row-strided loads (coalesced through local memory) at a hoisted row offset, with an invariant sqrt. */
    public static void rowStrided(double[] m, double[] out, int cols, int skip, double x) {
        for (@Parallel int i = 0; i < out.length; i++) {
            double s = 0;
            int row = i * cols + skip;
            for (int j = 0; j < cols - skip; j++) {
                s = s * 0.5 + m[row + j] * Math.sqrt(x) - (j ^ skip);
            }
            out[i] = s;
        }
    }

    /** N-body's shape with an offset into the shared array (may pass its end) and an invariant of eps. */
    public static void bodiesOff(float[] x, float[] m, float[] out, int off, float eps) {
        for (@Parallel int i = 0; i < out.length; i++) {
            float xi = x[i];
            float s = 0f;
            for (int j = 0; j < m.length; j++) {
                float d = x[j + off] - xi;
                s += m[j] / (d * d + eps * eps + 1f);
            }
            out[i] = s;
        }
    }

    /** An imperfect 2-D nest: a value of the outer index computed between the two @Parallel loops. */
    public static void imperfectNest(double[] m, double[] out, int rows, int cols, int depth) {
        for (@Parallel int i = 0; i < rows; i++) {
            double wi = Math.sqrt(i + 0.5);
            int ri = i * cols;
            for (@Parallel int j = 0; j < cols; j++) {
                double w = 0;
                for (int k = 0; k < depth; k++) {
                    w += m[k] * wi + (ri ^ k);
                }
                out[ri + j] = w;
            }
        }
    }

    // ================================================================ the probe harness

    private interface Jvm {
        void run(Object[] a) throws Throwable;
    }

    private interface Add {
        TaskSchedule add(TaskSchedule s, Object[] a);
    }

    /**
     * A value found by a search loop whose exit is written after it (the deferred single exit), then an invariant
     * {@code Math} call of it in a later loop (from a review of the phase).
     */
    public static void deferredExit(int[] a, double[] out, int n, int p) {
        for (@Parallel int i = 0; i < out.length; i++) {
            int j = i % a.length;
            int v;
            for (;;) {
                v = a[j];
                if (v > p) {
                    break;
                }
                j = (j + 1) % a.length;
            }
            double s = 0;
            for (int k = 0; k < n; k++) {
                s += Math.exp(v * 0.01) * k;
            }
            out[i] = s;
        }
    }

    /** Where kernel sources go for diagnosis ({@code -Dferrocl.hoistprobe.dump=DIR}); none by default. */
    private static final String DUMP = System.getProperty("ferrocl.hoistprobe.dump");

    /** Exact comparison against the JVM. */
    private static final double EXACT = -1;

    /** Relative tolerance (to max(1, |JVM|)) for kernels with transcendental Math calls (1 ulp per call). */
    private static final double MATH_TOL = 1e-12;

    /** The same for float results of float Math calls (1 float ulp per call, float sums of a few dozen terms). */
    private static final double FLOAT_MATH_TOL = 1e-5;

    private static void dump(String name, boolean hoist, TaskSchedule s, String report) {
        if (DUMP == null) {
            return;
        }
        try {
            Path dir = Paths.get(DUMP);
            Files.createDirectories(dir);
            String src;
            try {
                src = s.kernelSource("t");
            } catch (Throwable t) {
                src = "// no kernel source: " + t;
            }
            Files.write(dir.resolve(name + (hoist ? ".on" : ".off") + ".cl"),
                    (src + "\n/* report:\n" + report + "\n*/\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // diagnosis only
        }
    }

    /**
     * Runs one probe: the JVM on clones of {@code args}, then the task strict with the phase on and off on further
     * clones. Collects every problem (so that a failure says whether on, off or both are wrong) and fails with all.
     */
    private static void probe(String name, double tol, Jvm jvm, Add add, Object... args) {
        List<String> problems = new ArrayList<>();
        Object[] want = JvmOracle.cloneArgs(args);
        Throwable expected = null;
        try {
            jvm.run(want);
        } catch (Throwable t) {
            expected = t;
        }
        Object[][] got = new Object[2][];
        Throwable[] thrown = new Throwable[2];
        for (int h = 0; h < 2; h++) {
            boolean hoist = h == 0;
            String tag = name + " [hoist " + (hoist ? "on" : "off") + "]";
            Object[] a = JvmOracle.cloneArgs(args);
            got[h] = a;
            TaskReport r = null;
            String report = "";
            try (TaskSchedule s = new TaskSchedule("hoistprobe-" + name)) {
                s.optimization("hoistInvariants", hoist);
                add.add(s, a);
                try {
                    s.execute();
                } catch (Throwable t) {
                    thrown[h] = t;
                }
                try {
                    report = s.report().toString();
                    r = s.report().task("t");
                } catch (Throwable t) {
                    report = "no report: " + t;
                }
                dump(name, hoist, s, report);
            }
            if (r != null && hoist) {
                System.out.println(name + ": optimizations " + r.optimizations());
            }
            if (expected == null) {
                if (thrown[h] != null) {
                    problems.add(tag + ": the JVM returns, but execute() threw " + thrown[h]
                            + (thrown[h].getCause() != null ? " (cause " + thrown[h].getCause() + ")" : ""));
                    continue;
                }
                if (r == null || r.ranOn() != TaskReport.Where.DEVICE) {
                    problems.add(tag + ": should run on the device, but: "
                            + (r == null ? "no report" : r.ranOn() + ": " + r.reason()));
                }
                for (int i = 0; i < args.length; i++) {
                    try {
                        if (tol < 0) {
                            JvmOracle.assertSame("argument " + (i + 1), want[i], a[i]);
                        } else {
                            close("argument " + (i + 1), want[i], a[i], tol);
                        }
                    } catch (AssertionError e) {
                        problems.add(tag + " against the JVM: " + e.getMessage());
                    }
                }
            } else {
                if (thrown[h] == null) {
                    problems.add(tag + ": the JVM throws " + expected + ", but execute() returned normally ("
                            + (r == null ? "no report" : r.ranOn() + ": " + r.reason()) + ")");
                    continue;
                }
                if (thrown[h].getClass() != expected.getClass()
                        || !String.valueOf(expected.getMessage()).equals(String.valueOf(thrown[h].getMessage()))) {
                    problems.add(tag + ": expected " + expected + " but got " + thrown[h]);
                    continue;
                }
                if (r == null || r.ranOn() != TaskReport.Where.JVM || !r.reason().contains("check failed")) {
                    problems.add(tag + ": should have failed a device check and rerun on the JVM, but: "
                            + (r == null ? "no report" : r.ranOn() + ": " + r.reason()));
                }
                for (int i = 0; i < args.length; i++) {
                    try {
                        JvmOracle.assertSame("argument " + (i + 1) + " after the exception", want[i], a[i]);
                    } catch (AssertionError e) {
                        problems.add(tag + ": " + e.getMessage());
                    }
                }
            }
        }
        // On against off: bit for bit, whatever the tolerance against the JVM.
        if (got[0] != null && got[1] != null && (thrown[0] == null) == (thrown[1] == null)) {
            for (int i = 0; i < args.length; i++) {
                try {
                    JvmOracle.assertSame("argument " + (i + 1), got[1][i], got[0][i]);
                } catch (AssertionError e) {
                    problems.add(name + ": hoist on against off: " + e.getMessage());
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** Floating arrays within {@code tol} of the JVM's relative to max(1, |JVM|); NaN and infinities exact. */
    private static void close(String what, Object want, Object got, double tol) {
        if (want instanceof double[]) {
            double[] e = (double[]) want;
            double[] g = (double[]) got;
            for (int i = 0; i < e.length; i++) {
                closeOne(what + "[" + i + "]", e[i], g[i], tol);
            }
        } else if (want instanceof float[]) {
            float[] e = (float[]) want;
            float[] g = (float[]) got;
            for (int i = 0; i < e.length; i++) {
                closeOne(what + "[" + i + "]", e[i], g[i], tol);
            }
        } else {
            JvmOracle.assertSame(what, want, got);
        }
    }

    private static void closeOne(String what, double e, double g, double tol) {
        boolean ok;
        if (Double.isNaN(e) || Double.isNaN(g) || Double.isInfinite(e) || Double.isInfinite(g)) {
            ok = Double.doubleToLongBits(e) == Double.doubleToLongBits(g);
        } else {
            ok = Math.abs(g - e) <= tol * Math.max(1, Math.abs(e));
        }
        if (!ok) {
            throw new AssertionError(what + ": expected " + e + " but was " + g);
        }
    }

    private static String tag(Object... params) {
        StringBuilder b = new StringBuilder();
        for (Object p : params) {
            b.append('_').append(String.valueOf(p).replaceAll("[^A-Za-z0-9.-]", ""));
        }
        return b.toString();
    }

    // ================================================================ inputs

    private static int[] ints(int n, long seed, int lo, int hi) {
        Random r = new Random(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = lo + r.nextInt(hi - lo + 1);
        }
        return a;
    }

    private static int[] anyInts(int n, long seed) {
        Random r = new Random(seed);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextInt();
        }
        return a;
    }

    private static double[] doubles(int n, long seed) {
        Random r = new Random(seed);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextDouble();
        }
        return d;
    }

    private static float[] floats(int n, long seed) {
        Random r = new Random(seed);
        float[] d = new float[n];
        for (int i = 0; i < n; i++) {
            d[i] = r.nextFloat() * 4 - 2;
        }
        return d;
    }

    /** Trip counts: 0 for every third item, else up to max. */
    private static int[] trips(int n, int max, long seed) {
        int[] t = ints(n, seed, 0, max);
        for (int i = 0; i < n; i += 3) {
            t[i] = 0;
        }
        return t;
    }

    /** Runs {@code body}, collecting its failure under {@code what} so that later cases of a test still run. */
    private static void each(List<String> into, String what, Runnable body) {
        try {
            body.run();
        } catch (AssertionError e) {
            into.add(what + ":\n" + e.getMessage());
        }
    }

    private static void done(List<String> problems) {
        if (!problems.isEmpty()) {
            fail(String.join("\n----\n", problems));
        }
    }

    // ================================================================ probes

    @Test
    public void whileLoopIntegers() {
        int[] a = anyInts(64, 11);
        List<String> problems = new ArrayList<>();
        int[][] pq = {{3, 5}, {Integer.MAX_VALUE, 3}, {Integer.MIN_VALUE, -1}, {0x12345678, 0x7654321}};
        for (int[] v : pq) {
            int p = v[0];
            int q = v[1];
            String name = "whileLoop" + tag(p, q);
            each(problems, name, () -> probe(name, EXACT,
                    x -> whileLoop((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::whileLoop, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (int) x[3], (int) x[4]),
                    a, new int[150], trips(150, 40, 12), p, q));
        }
        for (long[] v : new long[][] {{0, 5}, {17, 5}, {-5, 3}, {23, 0x100000001L}, {9, Long.MIN_VALUE}}) {
            String name = "longCounter" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> longCounter((long[]) x[0], (long) x[1], (long) x[2]),
                    (s, x) -> s.task("t", HoistProbeTest::longCounter, (long[]) x[0], (long) x[1], (long) x[2]),
                    new long[70], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void doWhileRunsOnce() {
        double[] a = doubles(64, 21);
        List<String> problems = new ArrayList<>();
        for (double xv : new double[] {2.0, -1.0, 0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, 1e-310}) {
            String name = "doWhile" + tag(xv);
            each(problems, name, () -> probe(name, EXACT,
                    x -> doWhile((double[]) x[0], (double[]) x[1], (int[]) x[2], (double) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::doWhile, (double[]) x[0], (double[]) x[1], (int[]) x[2],
                            (double) x[3]),
                    a, new double[130], trips(130, 60, 22), xv));
        }
        int[] ia = anyInts(64, 23);
        for (int[] v : new int[][] {{0, 3}, {1, 3}, {6, -7}, {9, Integer.MAX_VALUE}}) {
            String name = "doWhileContinue" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> doWhileContinue((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::doWhileContinue, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    ia, new int[100], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void breakInnerAndBreakPath() {
        int[] a = ints(90, 31, -50, 200);
        List<String> problems = new ArrayList<>();
        int[][] lp = {{100, 3}, {150, -20}, {1000, 7}, {Integer.MAX_VALUE, 1}, {-100, 0}};
        for (int[] v : lp) {
            String name = "breakInner" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> breakInner((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::breakInner, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    a, new int[120], v[0], v[1]));
        }
        int[] b = ints(64, 32, -50, 150);
        // n = 70 reads past the end where no break came first.
        for (int[] v : new int[][] {{64, 100}, {64, 140}, {0, 0}, {40, 1000}, {70, 1000}, {70, 0}}) {
            String name = "breakPathLoop" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> breakPathLoop((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::breakPathLoop, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    b, new int[60], v[0], v[1]));
        }
        int[] c = ints(64, 33, -3, 12);
        for (int[] v : new int[][] {{20, 2}, {20, 100}, {0, 2}, {64, -1}}) {
            String name = "continueParallel" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> continueParallel((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::continueParallel, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    c, new int[77], v[0], v[1]));
        }
        int[] e = anyInts(64, 34);
        for (int[] v : new int[][] {{30, 5, 3}, {30, 3, 5}, {30, 4, 4}, {0, 5, 3}}) {
            String name = "invariantExit" + tag(v[0], v[1], v[2]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> invariantExit((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::invariantExit, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4]),
                    e, new int[50], v[0], v[1], v[2]));
        }
        int[] f = ints(64, 35, -100, 100);
        f[63] = 1000;
        for (int[] v : new int[][] {{50, 0}, {50, 9}, {-101, 9}, {99, 3}}) {
            String name = "afterSearch" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> afterSearch((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::afterSearch, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    f, new int[48], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void labeledContinueInNest() {
        int rows = 9;
        int cols = 13;
        int[] m = ints(rows * cols, 41, -5, 20);
        List<String> problems = new ArrayList<>();
        for (int[] v : new int[][] {{rows, 4}, {rows, -3}, {0, 4}, {rows, Integer.MIN_VALUE}}) {
            String name = "labeledContinue" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> labeledContinue((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::labeledContinue, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4]),
                    m, new int[100], v[0], cols, v[1]));
        }
        done(problems);
    }

    @Test
    public void labeledBreakFromWhileTrue() {
        int rows = 11;
        int cols = 7;
        int[] m = ints(rows * cols, 51, 0, 40);
        List<String> problems = new ArrayList<>();
        for (int target : new int[] {2, 9, 100}) {
            String name = "searchBreak" + tag(target);
            each(problems, name, () -> probe(name, EXACT,
                    x -> searchBreak((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::searchBreak, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4]),
                    m, new int[70], rows, cols, target));
        }
        done(problems);
    }

    @Test
    public void invariantsFeedingPhisReadAfterTheLoop() {
        int[] a = ints(64, 61, -1000, 1000);
        List<String> problems = new ArrayList<>();
        Object[][] cases = {{6, 7, 1.3}, {Integer.MAX_VALUE, 2, -2.3}, {-5, 9, Double.NaN},
            {1, 1, Double.NEGATIVE_INFINITY}, {3, 4, -0.1}};
        for (Object[] c : cases) {
            String name = "phiAfterLoop" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> phiAfterLoop((int[]) x[0], (int[]) x[1], (double[]) x[2], (int[]) x[3], (int) x[4],
                            (int) x[5], (double) x[6]),
                    (s, x) -> s.task("t", HoistProbeTest::phiAfterLoop, (int[]) x[0], (int[]) x[1], (double[]) x[2],
                            (int[]) x[3], (int) x[4], (int) x[5], (double) x[6]),
                    a, new int[111], new double[111], trips(111, 50, 62), c[0], c[1], c[2]));
        }
        // Every loop empty: the phis keep their entry values (-1 and -0.0).
        each(problems, "phiAfterLoop_noTrips", () -> probe("phiAfterLoop_noTrips", EXACT,
                x -> phiAfterLoop((int[]) x[0], (int[]) x[1], (double[]) x[2], (int[]) x[3], (int) x[4],
                        (int) x[5], (double) x[6]),
                (s, x) -> s.task("t", HoistProbeTest::phiAfterLoop, (int[]) x[0], (int[]) x[1], (double[]) x[2],
                        (int[]) x[3], (int) x[4], (int) x[5], (double) x[6]),
                a, new int[40], new double[40], new int[40], 6, 7, 1.3));
        done(problems);
    }

    @Test
    public void useOnlyUnderOneBranch() {
        double[] a = doubles(97, 71);
        List<String> problems = new ArrayList<>();
        double[][] cases = {{2, 3}, {-1, 3}, {2, 0}, {2, -0.0}, {Double.NaN, 1}, {Double.POSITIVE_INFINITY, 2},
            {1e300, 1e10}};
        for (double[] c : cases) {
            for (int n : new int[] {0, 1, 33}) {
                String name = "branchOnly" + tag(c[0], c[1], n);
                each(problems, name, () -> probe(name, EXACT,
                        x -> branchOnly((double[]) x[0], (double[]) x[1], (int) x[2], (double) x[3], (double) x[4]),
                        (s, x) -> s.task("t", HoistProbeTest::branchOnly, (double[]) x[0], (double[]) x[1],
                                (int) x[2], (double) x[3], (double) x[4]),
                        a, new double[90], n, c[0], c[1]));
            }
        }
        done(problems);
    }

    @Test
    public void outerSequentialVariableInDoubleNest() {
        int rows = 10;
        int cols = 17;
        int[] m = ints(rows * cols, 81, -100, 100);
        float[] fm = floats(cols, 82);
        List<String> problems = new ArrayList<>();
        for (int r : new int[] {rows, 1, 0}) {
            String name = "outerDependent" + tag(r);
            each(problems, name, () -> probe(name, EXACT,
                    x -> outerDependent((int[]) x[0], (float[]) x[1], (long[]) x[2], (float[]) x[3], (int) x[4],
                            (int) x[5]),
                    (s, x) -> s.task("t", HoistProbeTest::outerDependent, (int[]) x[0], (float[]) x[1],
                            (long[]) x[2], (float[]) x[3], (int) x[4], (int) x[5]),
                    m, fm, new long[77], new float[77], r, cols));
        }
        for (int[] v : new int[][] {{4, 5, 6, 7}, {3, 0, 6, 7}, {5, 4, 3, Integer.MIN_VALUE + 1}, {2, 3, 0, 9}}) {
            String name = "tripleNest" + tag(v[0], v[1], v[2], v[3]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> tripleNest((int[]) x[0], (long[]) x[1], (int) x[2], (int) x[3], (int) x[4], (int) x[5]),
                    (s, x) -> s.task("t", HoistProbeTest::tripleNest, (int[]) x[0], (long[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4], (int) x[5]),
                    new int[66], new long[66], v[0], v[1], v[2], v[3]));
        }
        done(problems);
    }

    @Test
    public void ternariesAndSwitchOnInvariants() {
        int[] a = ints(64, 91, -10, 10);
        List<String> problems = new ArrayList<>();
        int[][] pq = {{10, 3}, {Integer.MIN_VALUE, Integer.MIN_VALUE}, {-17, Integer.MAX_VALUE}};
        for (int[] v : pq) {
            for (int n : new int[] {0, 21}) {
                String name = "ternaries" + tag(v[0], v[1], n);
                each(problems, name, () -> probe(name, EXACT,
                        x -> ternaries((int[]) x[0], (int[]) x[1], (long[]) x[2], (int) x[3], (int) x[4],
                                (int) x[5]),
                        (s, x) -> s.task("t", HoistProbeTest::ternaries, (int[]) x[0], (int[]) x[1], (long[]) x[2],
                                (int) x[3], (int) x[4], (int) x[5]),
                        a, new int[66], new long[66], n, v[0], v[1]));
            }
        }
        for (int p : new int[] {0, 1, 2, 3, -1, Integer.MIN_VALUE + 2}) {
            for (long lx : new long[] {5L, Long.MIN_VALUE, -123456789012345L}) {
                String name = "switchInLoop" + tag(p, lx);
                each(problems, name, () -> probe(name, EXACT,
                        x -> switchInLoop((int[]) x[0], (long[]) x[1], (int) x[2], (int) x[3], (long) x[4]),
                        (s, x) -> s.task("t", HoistProbeTest::switchInLoop, (int[]) x[0], (long[]) x[1], (int) x[2],
                                (int) x[3], (long) x[4]),
                        a, new long[50], 19, p, lx));
            }
        }
        done(problems);
    }

    @Test
    public void divisionsByConstants() {
        List<String> problems = new ArrayList<>();
        Object[][] cases = {{Integer.MIN_VALUE, Long.MIN_VALUE}, {Integer.MAX_VALUE, Long.MAX_VALUE}, {-7, -7L},
            {0, 0L}};
        for (Object[] c : cases) {
            String name = "constDivisions" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> constDivisions((int[]) x[0], (long[]) x[1], (int[]) x[2], (int) x[3], (long) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::constDivisions, (int[]) x[0], (long[]) x[1],
                            (int[]) x[2], (int) x[3], (long) x[4]),
                    new int[100], new long[100], trips(100, 9, 101), c[0], c[1]));
        }
        done(problems);
    }

    @Test
    public void zeroDivisorInLoopsThatNeverRun() {
        int[] a = ints(64, 111, -100, 100);
        List<String> problems = new ArrayList<>();
        // No iteration anywhere: the JVM never divides, so the device must not report a division by zero.
        each(problems, "varDivision_zeroTrips", () -> probe("varDivision_zeroTrips", EXACT,
                x -> varDivision((int[]) x[0], (int[]) x[1], (long[]) x[2], (int[]) x[3], (int) x[4], (int) x[5],
                        (long) x[6], (long) x[7]),
                (s, x) -> s.task("t", HoistProbeTest::varDivision, (int[]) x[0], (int[]) x[1], (long[]) x[2],
                        (int[]) x[3], (int) x[4], (int) x[5], (long) x[6], (long) x[7]),
                a, new int[80], new long[80], new int[80], 17, 0, 5L, 0L));
        // The division only under a branch that is never taken, divisor zero.
        each(problems, "varDivisionWhile_untaken", () -> probe("varDivisionWhile_untaken", EXACT,
                x -> varDivisionWhile((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                (s, x) -> s.task("t", HoistProbeTest::varDivisionWhile, (int[]) x[0], (int[]) x[1], (int) x[2],
                        (int) x[3], (int) x[4]),
                a, new int[80], 40, 1234, 0));
        each(problems, "varDivisionWhile_n0", () -> probe("varDivisionWhile_n0", EXACT,
                x -> varDivisionWhile((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                (s, x) -> s.task("t", HoistProbeTest::varDivisionWhile, (int[]) x[0], (int[]) x[1], (int) x[2],
                        (int) x[3], (int) x[4]),
                a, new int[80], 0, 1234, 0));
        // A remainder by an empty array's length, in loops that never run.
        each(problems, "remByLength_zeroTrips", () -> probe("remByLength_zeroTrips", EXACT,
                x -> remByLength((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                (s, x) -> s.task("t", HoistProbeTest::remByLength, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                        (int[]) x[3]),
                a, new int[0], new int[80], new int[80]));
        done(problems);
    }

    @Test
    public void variableDivisorsWhenTheLoopRuns() {
        int[] a = ints(64, 121, -100, 100);
        List<String> problems = new ArrayList<>();
        // Non-zero divisors, MIN_VALUE / -1 included: the JVM's results.
        Object[][] ok = {{17, 5, 5L, 3L}, {Integer.MIN_VALUE, -1, Long.MIN_VALUE, -1L}, {-9, 2, -9L, 1L << 40}};
        for (Object[] c : ok) {
            String name = "varDivision" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> varDivision((int[]) x[0], (int[]) x[1], (long[]) x[2], (int[]) x[3], (int) x[4],
                            (int) x[5], (long) x[6], (long) x[7]),
                    (s, x) -> s.task("t", HoistProbeTest::varDivision, (int[]) x[0], (int[]) x[1], (long[]) x[2],
                            (int[]) x[3], (int) x[4], (int) x[5], (long) x[6], (long) x[7]),
                    a, new int[80], new long[80], trips(80, 30, 122), c[0], c[1], c[2], c[3]));
        }
        // Zero divisors where one item's loop runs once: the JVM's ArithmeticException.
        int[] one = new int[80];
        one[37] = 1;
        Object[][] bad = {{17, 0, 5L, 3L}, {17, 4, 5L, 0L}};
        for (Object[] c : bad) {
            String name = "varDivisionThrows" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> varDivision((int[]) x[0], (int[]) x[1], (long[]) x[2], (int[]) x[3], (int) x[4],
                            (int) x[5], (long) x[6], (long) x[7]),
                    (s, x) -> s.task("t", HoistProbeTest::varDivision, (int[]) x[0], (int[]) x[1], (long[]) x[2],
                            (int[]) x[3], (int) x[4], (int) x[5], (long) x[6], (long) x[7]),
                    a, new int[80], new long[80], one, c[0], c[1], c[2], c[3]));
        }
        // The branch with the division taken once (a[5] > 1000), divisor zero.
        int[] big = a.clone();
        big[5] = 2000;
        each(problems, "varDivisionWhile_taken", () -> probe("varDivisionWhile_taken", EXACT,
                x -> varDivisionWhile((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                (s, x) -> s.task("t", HoistProbeTest::varDivisionWhile, (int[]) x[0], (int[]) x[1], (int) x[2],
                        (int) x[3], (int) x[4]),
                big, new int[80], 40, 1234, 0));
        each(problems, "remByLength_throws", () -> probe("remByLength_throws", EXACT,
                x -> remByLength((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                (s, x) -> s.task("t", HoistProbeTest::remByLength, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                        (int[]) x[3]),
                a, new int[0], new int[80], one));
        each(problems, "remByLength_ok", () -> probe("remByLength_ok", EXACT,
                x -> remByLength((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3]),
                (s, x) -> s.task("t", HoistProbeTest::remByLength, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                        (int[]) x[3]),
                a, new int[13], new int[80], trips(80, 60, 123)));
        // A division by a variable before the loop: the JVM's exception (d + i % 2 is zero for some item) or result.
        for (int[] v : new int[][] {{1000, 2}, {Integer.MIN_VALUE, -2}, {1000, 0}, {1000, -1}}) {
            String name = "divBefore" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> divBefore((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::divBefore, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (int) x[3], (int) x[4]),
                    a, new int[80], trips(80, 20, 124), v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void transcendentalCalls() {
        double[] a = doubles(61, 131);
        List<String> problems = new ArrayList<>();
        double[][] cases = {{0.3, 1.7}, {-2, 0}, {700, 2}, {-0.5, 0.5}, {Double.NaN, 1}, {1e-3, -3}};
        for (double[] c : cases) {
            for (int n : new int[] {0, 29}) {
                String name = "mathCalls" + tag(c[0], c[1], n);
                each(problems, name, () -> probe(name, MATH_TOL,
                        x -> mathCalls((double[]) x[0], (double[]) x[1], (double[]) x[2], (int) x[3], (double) x[4],
                                (double) x[5]),
                        (s, x) -> s.task("t", HoistProbeTest::mathCalls, (double[]) x[0], (double[]) x[1],
                                (double[]) x[2], (int) x[3], (double) x[4], (double) x[5]),
                        a, new double[75], new double[75], n, c[0], c[1]));
            }
        }
        for (int steps : new int[] {0, 1, 40}) {
            String name = "seriesKinds" + tag(steps);
            each(problems, name, () -> probe(name, MATH_TOL,
                    x -> seriesKinds((double[]) x[0], (int) x[1]),
                    (s, x) -> s.task("t", HoistProbeTest::seriesKinds, (double[]) x[0], (int) x[1]),
                    new double[301], steps));
        }
        done(problems);
    }

    @Test
    public void castsSaturateAndNaN() {
        List<String> problems = new ArrayList<>();
        Object[][] cases = {{Double.NaN, Float.NaN}, {1e20, 1e20f}, {-1e20, -1e20f}, {3.99, -3.99f},
            {2147483647.5, 2147483647f}, {Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}, {-0.0, -0.0f},
            {70000.7, 40000.5f}};
        for (Object[] c : cases) {
            String name = "casts" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> casts((int[]) x[0], (long[]) x[1], (int[]) x[2], (double) x[3], (float) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::casts, (int[]) x[0], (long[]) x[1], (int[]) x[2],
                            (double) x[3], (float) x[4]),
                    new int[70], new long[70], trips(70, 5, 141), c[0], c[1]));
        }
        done(problems);
    }

    @Test
    public void shiftsByInvariantCounts() {
        int[] a = anyInts(64, 151);
        List<String> problems = new ArrayList<>();
        for (int sh : new int[] {0, 1, 31, 32, 33, -1, 63, 64, 100, Integer.MIN_VALUE}) {
            String name = "shifts" + tag(sh);
            each(problems, name, () -> probe(name, EXACT,
                    x -> shifts((int[]) x[0], (int[]) x[1], (long[]) x[2], (int) x[3], (int) x[4], (long) x[5],
                            (int) x[6]),
                    (s, x) -> s.task("t", HoistProbeTest::shifts, (int[]) x[0], (int[]) x[1], (long[]) x[2],
                            (int) x[3], (int) x[4], (long) x[5], (int) x[6]),
                    a, new int[60], new long[60], 13, 0x80000001, 0x8000000000000001L, sh));
        }
        done(problems);
    }

    @Test
    public void nanAndSignedZeroCompares() {
        double[] a = doubles(64, 161);
        List<String> problems = new ArrayList<>();
        Object[][] cases = {{Double.NaN, 1.0, Float.NaN}, {1.0, Double.NaN, 2f}, {0.0, -0.0, -0.0f},
            {-0.0, 0.0, 0.0f}, {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY},
            {-3.0, 2.0, -1f}};
        for (Object[] c : cases) {
            for (int n : new int[] {0, 7}) {
                String name = "nanCompares" + tag(c[0], c[1], c[2], n);
                each(problems, name, () -> probe(name, EXACT,
                        x -> nanCompares((double[]) x[0], (int[]) x[1], (double[]) x[2], (float[]) x[3], (int) x[4],
                                (double) x[5], (double) x[6], (float) x[7]),
                        (s, x) -> s.task("t", HoistProbeTest::nanCompares, (double[]) x[0], (int[]) x[1],
                                (double[]) x[2], (float[]) x[3], (int) x[4], (double) x[5], (double) x[6],
                                (float) x[7]),
                        a, new int[64], new double[64], new float[64], n, c[0], c[1], c[2]));
            }
        }
        done(problems);
    }

    @Test
    public void absOfMinValueAndOverflow() {
        List<String> problems = new ArrayList<>();
        Object[][] cases = {{Integer.MIN_VALUE, Long.MIN_VALUE}, {Integer.MAX_VALUE, Long.MAX_VALUE},
            {-46341, -3037000500L}, {0, 0L}};
        for (Object[] c : cases) {
            String name = "absOverflow" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> absOverflow((int[]) x[0], (long[]) x[1], (int) x[2], (int) x[3], (long) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::absOverflow, (int[]) x[0], (long[]) x[1], (int) x[2],
                            (int) x[3], (long) x[4]),
                    new int[50], new long[50], 11, c[0], c[1]));
        }
        done(problems);
    }

    @Test
    public void privateArrayInTheBody() {
        List<String> problems = new ArrayList<>();
        for (int[] v : new int[][] {{5, 4}, {Integer.MIN_VALUE, 3}, {-3, 0}, {123456789, 9}}) {
            String name = "localArray" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> localArray((int[]) x[0], (int) x[1], (int) x[2]),
                    (s, x) -> s.task("t", HoistProbeTest::localArray, (int[]) x[0], (int) x[1], (int) x[2]),
                    new int[90], v[0], v[1]));
        }
        // p + r within 0..7; out of range only in rounds that never run; out of range when they do.
        for (int[] v : new int[][] {{5, 3}, {100, 0}, {-1, 0}, {5, 4}, {-2, 1}}) {
            String name = "localArrayIndex" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> localArrayIndex((int[]) x[0], (int) x[1], (int) x[2]),
                    (s, x) -> s.task("t", HoistProbeTest::localArrayIndex, (int[]) x[0], (int) x[1], (int) x[2]),
                    new int[90], v[0], v[1]));
        }
        for (int[] v : new int[][] {{3, 6}, {-7, 0}, {Integer.MAX_VALUE, 9}}) {
            String name = "arrayPerRound" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> arrayPerRound((int[]) x[0], (int) x[1], (int) x[2]),
                    (s, x) -> s.task("t", HoistProbeTest::arrayPerRound, (int[]) x[0], (int) x[1], (int) x[2]),
                    new int[70], v[1], v[0]));
        }
        done(problems);
    }

    @Test
    public void twoDimensionalNests() {
        List<String> problems = new ArrayList<>();
        int rows = 13;
        int cols = 21;
        double[] m = doubles(40, 171);
        for (int depth : new int[] {0, 1, 40}) {
            String name = "twoD" + tag(depth);
            each(problems, name, () -> probe(name, EXACT,
                    x -> twoD((double[]) x[0], (double[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::twoD, (double[]) x[0], (double[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4]),
                    m, new double[rows * cols], rows, cols, depth));
        }
        int n = 40;
        int mm = 36;
        int kk = 24;
        float[] a = floats(n * kk, 172);
        float[] b = floats(kk * mm, 173);
        for (float xv : new float[] {2f, -1f, 0.25f}) {
            String name = "matmulScaled" + tag(xv);
            each(problems, name, () -> probe(name, EXACT,
                    x -> matmulScaled((float[]) x[0], (float[]) x[1], (float[]) x[2], (int) x[3], (int) x[4],
                            (int) x[5], (float) x[6]),
                    (s, x) -> s.task("t", HoistProbeTest::matmulScaled, (float[]) x[0], (float[]) x[1],
                            (float[]) x[2], (int) x[3], (int) x[4], (int) x[5], (float) x[6]),
                    a, b, new float[n * mm], n, mm, kk, xv));
        }
        for (int depth : new int[] {0, 40}) {
            String name = "imperfectNest" + tag(depth);
            each(problems, name, () -> probe(name, EXACT,
                    x -> imperfectNest((double[]) x[0], (double[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::imperfectNest, (double[]) x[0], (double[]) x[1],
                            (int) x[2], (int) x[3], (int) x[4]),
                    m, new double[rows * cols], rows, cols, depth));
        }
        done(problems);
    }

    @Test
    public void stagedLoopWithInvariants() {
        List<String> problems = new ArrayList<>();
        float[] xs = floats(300, 181);
        for (int[] v : new int[][] {{300, 300}, {300, 0}, {77, 77}}) {
            int items = v[0];
            int n = v[1];
            for (float eps : new float[] {0.5f, Float.NaN}) {
                String name = "nbodyLike" + tag(items, n, eps);
                each(problems, name, () -> probe(name, EXACT,
                        x -> nbodyLike((float[]) x[0], (float[]) x[1], (float) x[2], (int) x[3]),
                        (s, x) -> s.task("t", HoistProbeTest::nbodyLike, (float[]) x[0], (float[]) x[1],
                                (float) x[2], (int) x[3]),
                        xs, new float[items], eps, n));
            }
        }
        // The load before the loop passes the end for the last items (off = 5), with and without iterations.
        for (int[] v : new int[][] {{0, 300}, {5, 300}, {5, 0}, {-1, 10}}) {
            String name = "nbodyOffset" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> nbodyOffset((float[]) x[0], (float[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::nbodyOffset, (float[]) x[0], (float[]) x[1], (int) x[2],
                            (int) x[3]),
                    xs, new float[v[0] == 0 ? 300 : 298], v[0], v[1]));
        }
        double[] rm = doubles(100 * 40, 183);
        // 100 rows of 40; skip 3; skip 45 (no iteration); 40 rows of 41 would pass the end: cols 41 for 100 items.
        for (int[] v : new int[][] {{40, 3}, {40, 45}, {41, 0}, {40, 0}}) {
            for (double xv : new double[] {2.0, -1.0}) {
                String name = "rowStrided" + tag(v[0], v[1], xv);
                each(problems, name, () -> probe(name, EXACT,
                        x -> rowStrided((double[]) x[0], (double[]) x[1], (int) x[2], (int) x[3], (double) x[4]),
                        (s, x) -> s.task("t", HoistProbeTest::rowStrided, (double[]) x[0], (double[]) x[1],
                                (int) x[2], (int) x[3], (double) x[4]),
                        rm, new double[100], v[0], v[1], xv));
            }
        }
        float[] bx = floats(200, 184);
        float[] bm = floats(150, 185);
        for (int off : new int[] {0, 50, 51, -1}) {
            String name = "bodiesOff" + tag(off);
            each(problems, name, () -> probe(name, EXACT,
                    x -> bodiesOff((float[]) x[0], (float[]) x[1], (float[]) x[2], (int) x[3], (float) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::bodiesOff, (float[]) x[0], (float[]) x[1], (float[]) x[2],
                            (int) x[3], (float) x[4]),
                    bx, bm, new float[200], off, 0.25f));
        }
        done(problems);
    }

    @Test
    public void failingIndexChecks() {
        int[] a = ints(50, 191, -100, 100);
        List<String> problems = new ArrayList<>();
        // Passes the end for larger items; an overflowing stride gives a negative index; no iteration: no throw.
        Object[][] cases = {{10, 3}, {5, 0x40000000}, {0, 0x40000000}, {4, 1}, {3, -1}};
        for (Object[] c : cases) {
            String name = "oobInvariant" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> oobInvariant((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::oobInvariant, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    a, new int[30], c[0], c[1]));
        }
        int[] some = new int[40];
        some[0] = 2;
        some[21] = 3;
        for (double xv : new double[] {Double.NaN, 1e20, -1e20, 47.9, 48.0, -0.9}) {
            String name = "oobCast" + tag(xv);
            each(problems, name, () -> probe(name, EXACT,
                    x -> oobCast((int[]) x[0], (int[]) x[1], (int[]) x[2], (double) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::oobCast, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (double) x[3]),
                    a, new int[40], some, xv));
        }
        // The same casts where no loop runs: never an exception.
        each(problems, "oobCast_zeroTrips", () -> probe("oobCast_zeroTrips", EXACT,
                x -> oobCast((int[]) x[0], (int[]) x[1], (int[]) x[2], (double) x[3]),
                (s, x) -> s.task("t", HoistProbeTest::oobCast, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                        (double) x[3]),
                a, new int[40], new int[40], 1e20));
        // A body load at an invariant index out of range for items 30..39: no iteration there, or one.
        int[] bb = ints(50, 192, -9, 9);
        int[] tr = trips(40, 10, 193);
        int[] trSafe = tr.clone();
        for (int i = 30; i < 40; i++) {
            trSafe[i] = 0;
        }
        int[] trOne = trSafe.clone();
        trOne[35] = 1;
        Object[][] loads = {{tr, 5}, {trSafe, 20}, {trOne, 20}, {trSafe, -1}};
        for (int c = 0; c < loads.length; c++) {
            Object[] v = loads[c];
            String name = "invariantLoad_" + c + tag(v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> invariantLoad((int[]) x[0], (int[]) x[1], (int[]) x[2], (int[]) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::invariantLoad, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (int[]) x[3], (int) x[4]),
                    a, bb, new int[40], v[0], v[1]));
        }
        int[] lim = {0, 3, 17, -2};
        for (int p : new int[] {0, 2, 3, 4, -1}) {
            String name = "headerLoad" + tag(p);
            each(problems, name, () -> probe(name, EXACT,
                    x -> headerLoad((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::headerLoad, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (int) x[3]),
                    ints(64, 194, -9, 9), lim, new int[40], p));
        }
        // Vector groups at an invariant base: in range (3 rows of 32 items), past the end in the last row.
        float[] fa = floats(3 * 32 * 4, 195);
        for (int[] v : new int[][] {{3, 5}, {4, 5}, {4, 0}, {0, 5}}) {
            String name = "vectorGroups" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> vectorGroups((float[]) x[0], (float[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::vectorGroups, (float[]) x[0], (float[]) x[1], (int) x[2],
                            (int) x[3]),
                    fa, new float[32], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void invariantLoopBounds() {
        int[] a = anyInts(64, 201);
        List<String> problems = new ArrayList<>();
        // p * q: 35; 2^31 wraps to MIN_VALUE and 0x10001 * 0xFFFF to -1 (no iteration); -15.
        Object[][] cases = {{5, 7, 30.0}, {0x10000, 0x8000, 17.5}, {0x10001, 0xFFFF, Double.NaN}, {-3, 5, -1.0}};
        for (Object[] c : cases) {
            String name = "invariantBounds" + tag(c);
            each(problems, name, () -> probe(name, EXACT,
                    x -> invariantBounds((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (double) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::invariantBounds, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3], (double) x[4]),
                    a, new int[45], c[0], c[1], c[2]));
        }
        for (int[] v : new int[][] {{20, 3}, {Integer.MAX_VALUE / 2 + 5, 0}, {-4, -100}, {0, 0}}) {
            String name = "headerAfter" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> headerAfter((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::headerAfter, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3]),
                    a, new int[45], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void chainsAcrossNestLevels() {
        int[] a = anyInts(64, 211);
        List<String> problems = new ArrayList<>();
        for (int[] v : new int[][] {{7, 3}, {0, 3}, {12, Integer.MAX_VALUE / 2}, {5, -46341}}) {
            String name = "chain" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> chain((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::chain, (int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3]),
                    a, new int[88], v[0], v[1]));
        }
        int[] base = anyInts(60, 212);
        for (int[] v : new int[][] {{0, 5}, {13, 5}, {13, Integer.MIN_VALUE}}) {
            String name = "loadBefore" + tag(v[0], v[1]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> loadBefore((int[]) x[0], (int[]) x[1], (int[]) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::loadBefore, (int[]) x[0], (int[]) x[1], (int[]) x[2],
                            (int) x[3], (int) x[4]),
                    a, base, new int[60], v[0], v[1]));
        }
        done(problems);
    }

    @Test
    public void sinCosPairsFormedByHoisting() {
        float[] a = floats(50, 221);
        List<String> problems = new ArrayList<>();
        for (float w : new float[] {0.37f, -1.1f, 1e5f, 0f, Float.NaN}) {
            for (int n : new int[] {0, 1, 50}) {
                String name = "sinCosSplit" + tag(w, n);
                each(problems, name, () -> probe(name, FLOAT_MATH_TOL,
                        x -> sinCosSplit((float[]) x[0], (float[]) x[1], (int) x[2], (float) x[3]),
                        (s, x) -> s.task("t", HoistProbeTest::sinCosSplit, (float[]) x[0], (float[]) x[1],
                                (int) x[2], (float) x[3]),
                        a, new float[90], n, w));
            }
        }
        done(problems);
    }

    @Test
    public void reductionsOverInnerLoops() {
        int[] a = anyInts(64, 231);
        List<String> problems = new ArrayList<>();
        for (int[] v : new int[][] {{1000, 13, 5}, {777, 0, 5}, {4096, 7, Integer.MIN_VALUE}}) {
            String name = "reduceSum" + tag(v[0], v[1], v[2]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> reduceSum((int[]) x[0], (int[]) x[1], (int) x[2], (int) x[3], (int) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::reduceSum, (int[]) x[0], (int[]) x[1], (int) x[2],
                            (int) x[3], (int) x[4]),
                    a, new int[] {17}, v[0], v[1], v[2]));
        }
        for (long[] v : new long[][] {{1000, 9, 3}, {500, 0, 3}, {2048, 5, Long.MIN_VALUE}, {999, 4, -77}}) {
            String name = "reduceMax" + tag(v[0], v[1], v[2]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> reduceMax((int[]) x[0], (long[]) x[1], (int) x[2], (int) x[3], (long) x[4]),
                    (s, x) -> s.task("t", HoistProbeTest::reduceMax, (int[]) x[0], (long[]) x[1], (int) x[2],
                            (int) x[3], (long) x[4]),
                    a, new long[] {Long.MIN_VALUE + 1}, (int) v[0], (int) v[1], v[2]));
        }
        done(problems);
    }

    @Test
    public void exactArithmeticAndStaticFields() {
        List<String> problems = new ArrayList<>();
        int[] one = new int[60];
        one[41] = 1;
        Object[][] cases = {
            {trips(60, 6, 241), 1000, 7, 123L}, // fits
            {trips(60, 6, 241), -1000, -7, -5000000000L / 2}, // fits
            {new int[60], Integer.MAX_VALUE, 1, 1L << 40}, // every exact op would overflow: no iteration
            {new int[60], 5, 0, 9L}, // floorDiv by zero: no iteration
            {one, Integer.MAX_VALUE, 1, 1L}, // addExact overflows in one item
            {one, 5, 0, 9L}, // floorDiv by zero in one item
            {one, 5, 2, 1L << 40}, // toIntExact overflows in one item
            {one, Integer.MIN_VALUE, -1, 0L}, // negate/abs/multiply of MIN_VALUE
        };
        for (int c = 0; c < cases.length; c++) {
            Object[] v = cases[c];
            String name = "exactOps_" + c + tag(v[1], v[2], v[3]);
            each(problems, name, () -> probe(name, EXACT,
                    x -> exactOps((int[]) x[0], (long[]) x[1], (int[]) x[2], (int) x[3], (int) x[4], (long) x[5]),
                    (s, x) -> s.task("t", HoistProbeTest::exactOps, (int[]) x[0], (long[]) x[1], (int[]) x[2],
                            (int) x[3], (int) x[4], (long) x[5]),
                    new int[60], new long[60], v[0], v[1], v[2], v[3]));
        }
        int[] a = anyInts(64, 242);
        int[] scales = {3, -7, Integer.MAX_VALUE};
        double[] weights = {0.5, Double.NaN, -0.0};
        for (int c = 0; c < scales.length; c++) {
            int sc = scales[c];
            double wt = weights[c];
            String name = "staticKnobs" + tag(sc, wt);
            each(problems, name, () -> {
                Knob.scale = sc;
                Knob.weight = wt;
                probe(name, EXACT,
                        x -> staticKnobs((int[]) x[0], (double[]) x[1], (int) x[2]),
                        (s, x) -> s.task("t", HoistProbeTest::staticKnobs, (int[]) x[0], (double[]) x[1], (int) x[2]),
                        a, new double[50], 17);
            });
        }
        Knob.scale = 3;
        Knob.weight = 0.5;
        done(problems);
    }

    @Test
    public void searchThenInvariantCall() {
        int[] a = ints(97, 31, 0, 100);
        a[0] = 100;
        List<String> problems = new ArrayList<>();
        for (int n : new int[] {0, 1, 7}) {
            String name = "deferredExit" + tag(n);
            each(problems, name, () -> probe(name, MATH_TOL,
                    x -> deferredExit((int[]) x[0], (double[]) x[1], (int) x[2], (int) x[3]),
                    (s, x) -> s.task("t", HoistProbeTest::deferredExit, (int[]) x[0], (double[]) x[1], (int) x[2],
                            (int) x[3]),
                    a, new double[300], n, 90));
        }
        done(problems);
    }
}
