package example;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import javax.imageio.ImageIO;

/**
 * Blurs a PNG with Ferrocl (a 5x5 binomial filter, edges clamped, integer arithmetic), checks every pixel against
 * the same method run by the JVM, and writes the result. Exits with status 1 when any pixel differs. Usage:
 * {@code BlurPng [out.png [in.png [passes]]]}; without {@code in.png} it blurs the picture shipped in the jar.
 */
public final class BlurPng {
    private BlurPng() {
    }

    /** The binomial weight (1 4 6 4 1) of offset {@code d} in [-2, 2]. */
    static int weight(int d) {
        return d == 0 ? 6 : (d == 1 || d == -1) ? 4 : 1;
    }

    /** One pass of the 5x5 binomial blur of packed RGB pixels, {@code src} to {@code dst}. */
    static void blur(int width, int height, int[] src, int[] dst) {
        for (@Parallel int y = 0; y < height; y++) {
            for (@Parallel int x = 0; x < width; x++) {
                int r = 0;
                int g = 0;
                int b = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    int row = Math.min(height - 1, Math.max(0, y + dy)) * width;
                    for (int dx = -2; dx <= 2; dx++) {
                        int p = src[row + Math.min(width - 1, Math.max(0, x + dx))];
                        int w = weight(dy) * weight(dx);
                        r += w * ((p >> 16) & 0xFF);
                        g += w * ((p >> 8) & 0xFF);
                        b += w * (p & 0xFF);
                    }
                }
                dst[y * width + x] = ((r + 128) >> 8) << 16 | ((g + 128) >> 8) << 8 | ((b + 128) >> 8);
            }
        }
    }

    public static void main(String[] args) throws IOException {
        File out = new File(args.length > 0 ? args[0] : "blurred.png");
        BufferedImage input;
        if (args.length > 1) {
            input = ImageIO.read(new File(args[1]));
        } else {
            try (InputStream in = BlurPng.class.getResourceAsStream("/input.png")) {
                input = ImageIO.read(in);
            }
        }
        int passes = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        int width = input.getWidth();
        int height = input.getHeight();
        int[] pixels = input.getRGB(0, 0, width, height, null, 0, width);
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] &= 0xFFFFFF;
        }

        // Device: the passes ping-pong between two arrays of one schedule, which keeps them on the device between
        // the tasks and brings the result back once.
        int[] a = pixels.clone();
        int[] b = new int[a.length];
        TaskSchedule schedule = new TaskSchedule("blur");
        for (int p = 0; p < passes; p++) {
            int[] from = p % 2 == 0 ? a : b;
            int[] to = p % 2 == 0 ? b : a;
            schedule.task("pass" + p, BlurPng::blur, width, height, from, to);
        }
        long t0 = System.nanoTime();
        try (schedule) {
            schedule.execute();
            System.out.println(schedule.report());
        }
        long deviceNanos = System.nanoTime() - t0;
        int[] device = passes % 2 == 0 ? a : b;

        int[] c = pixels.clone();
        int[] d = new int[c.length];
        t0 = System.nanoTime();
        for (int p = 0; p < passes; p++) {
            if (p % 2 == 0) {
                blur(width, height, c, d);
            } else {
                blur(width, height, d, c);
            }
        }
        long jvmNanos = System.nanoTime() - t0;
        int[] jvm = passes % 2 == 0 ? c : d;

        int differ = 0;
        for (int i = 0; i < jvm.length; i++) {
            if (jvm[i] != device[i] && differ++ < 5) {
                System.err.printf("pixel (%d, %d): device %06x, JVM %06x%n", i % width, i / width, device[i], jvm[i]);
            }
        }
        System.out.printf("%dx%d, %d passes: Ferrocl %.1f ms (first execute: compile and build included), the JVM "
                + "%.1f ms%n", width, height, passes, deviceNanos / 1e6, jvmNanos / 1e6);
        if (differ > 0) {
            System.err.println(differ + " of " + jvm.length + " pixels differ from the JVM's");
            System.exit(1);
        }
        BufferedImage result = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        result.setRGB(0, 0, width, height, device, 0, width);
        ImageIO.write(result, "png", out);
        System.out.println("every pixel matches the JVM's; wrote " + out.getAbsolutePath());
    }
}
