package dev.ferrocl.spark;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * The example job timed: plain Spark (the formula per row) against Spark with each partition offloaded through
 * Ferrocl, in local mode with every host core; the timed jobs compute every price and count them, and one untimed run
 * of each compares every price bit for bit. Prints one line per variant and a JSON
 * line. {@code gradle :spark:sparkBench -PskipCargo [-Pspark.rows=N] [-Pspark.reps=R]}
 */
public final class SparkBench {
    private SparkBench() {
    }

    public static void main(String[] args) {
        int rows = Integer.parseInt(args[0]);
        int reps = Integer.parseInt(args[1]);
        int cores = Runtime.getRuntime().availableProcessors();
        SparkSession spark = SparkSession.builder().master("local[*]").appName("ferrocl-spark-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        try {
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            JavaRDD<Double> spot = jsc.parallelize(OptionPricing.spots(rows), cores).cache();
            spot.count();
            double[] plainMs = new double[reps];
            double[] ferroclMs = new double[reps];
            // Checked once, untimed (also the warm-up: JIT, compile, driver build): every price bit for bit.
            List<Double> plain = spot.map(OptionPricing::priceOne).collect();
            List<Double> offloaded = FerroclSpark.mapDoubles(spot, OptionPricing::price).collect();
            boolean identical = plain.equals(offloaded);
            // Timed: the job computes every price and counts them (no transfer of the results to the driver).
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                spot.map(OptionPricing::priceOne).count();
                plainMs[r] = (System.nanoTime() - t0) / 1e6;
                t0 = System.nanoTime();
                FerroclSpark.mapDoubles(spot, OptionPricing::price).count();
                ferroclMs[r] = (System.nanoTime() - t0) / 1e6;
            }
            double p = median(plainMs);
            double f = median(ferroclMs);
            System.out.printf("rows %d, %d partitions (local[*], %d cores), %d runs each, medians:%n", rows, cores,
                    cores, reps);
            System.out.printf("  plain Spark      %10.1f ms  %s%n", p, Arrays.toString(plainMs));
            System.out.printf("  Spark + Ferrocl  %10.1f ms  %s%n", f, Arrays.toString(ferroclMs));
            System.out.printf("  speed-up %.2fx, results bit-identical: %s, partitions offloaded %d, fell back %d%n",
                    p / f, identical, FerroclSpark.offloaded(), FerroclSpark.fallbacks());
            System.out.printf("{\"rows\": %d, \"partitions\": %d, \"plain_ms\": %.1f, \"ferrocl_ms\": %.1f, "
                    + "\"speedup\": %.3f, \"identical\": %s}%n", rows, cores, p, f, p / f, identical);
        } finally {
            spark.stop();
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
