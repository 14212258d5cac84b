package example;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.TaskSchedule;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import javax.imageio.ImageIO;

/**
 * Renders the Mandelbrot set with Ferrocl, checks every pixel against the same method run by the JVM, and writes a
 * PNG. Exits with status 1 when any pixel differs. Usage: {@code MandelbrotPng [out.png [width height]]}.
 */
public final class MandelbrotPng {
    private static final int MAX_ITERATIONS = 256;

    private MandelbrotPng() {
    }

    /** Escape-time iterations of every pixel of the view, in {@code float} arithmetic. */
    static void mandelbrot(int width, int height, float x0, float y0, float scale, int[] iterations) {
        for (@Parallel int py = 0; py < height; py++) {
            for (@Parallel int px = 0; px < width; px++) {
                float cr = x0 + px * scale;
                float ci = y0 + py * scale;
                float zr = 0f;
                float zi = 0f;
                int n = 0;
                while (n < MAX_ITERATIONS && zr * zr + zi * zi <= 4f) {
                    float t = zr * zr - zi * zi + cr;
                    zi = 2f * zr * zi + ci;
                    zr = t;
                    n++;
                }
                iterations[py * width + px] = n;
            }
        }
    }

    public static void main(String[] args) throws IOException {
        File out = new File(args.length > 0 ? args[0] : "mandelbrot.png");
        int width = args.length > 2 ? Integer.parseInt(args[1]) : 1600;
        int height = args.length > 2 ? Integer.parseInt(args[2]) : 1200;
        float scale = 3.0f / width;
        float x0 = -2.2f;
        float y0 = -1.5f * height / width;

        int[] device = new int[width * height];
        long first;
        long warm;
        try (TaskSchedule schedule = new TaskSchedule("mandelbrot")
                .task("render", MandelbrotPng::mandelbrot, width, height, x0, y0, scale, device)) {
            long t0 = System.nanoTime();
            schedule.execute();
            first = System.nanoTime() - t0;
            t0 = System.nanoTime();
            schedule.execute();
            warm = System.nanoTime() - t0;
            System.out.println(schedule.report());
        }

        int[] jvm = new int[width * height];
        long t0 = System.nanoTime();
        mandelbrot(width, height, x0, y0, scale, jvm);
        long sequential = System.nanoTime() - t0;

        int differ = 0;
        for (int i = 0; i < jvm.length; i++) {
            if (jvm[i] != device[i]) {
                if (differ++ < 5) {
                    System.err.printf("pixel (%d, %d): device %d, JVM %d%n", i % width, i / width, device[i], jvm[i]);
                }
            }
        }
        System.out.printf("%dx%d, %d iterations at most: first execute %.1f ms (compile and build included), "
                + "again %.1f ms, the JVM alone %.1f ms%n", width, height, MAX_ITERATIONS, first / 1e6, warm / 1e6,
                sequential / 1e6);
        if (differ > 0) {
            System.err.println(differ + " of " + jvm.length + " pixels differ from the JVM's");
            System.exit(1);
        }

        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, color(device[y * width + x]));
            }
        }
        ImageIO.write(image, "png", out);
        System.out.println("every pixel matches the JVM's; wrote " + out.getAbsolutePath());
    }

    private static int color(int n) {
        if (n >= MAX_ITERATIONS) {
            return 0;
        }
        double t = Math.sqrt((double) n / MAX_ITERATIONS);
        int r = (int) (255 * Math.min(1, 3 * t));
        int g = (int) (255 * Math.min(1, Math.max(0, 3 * t - 1)));
        int b = (int) (255 * Math.min(1, Math.max(0, 3 * t - 2) + 0.3 * (1 - t)));
        return r << 16 | g << 8 | b;
    }
}
