package dev.ferrocl.spark;

import dev.ferrocl.api.Parallel;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;

/**
 * The example job: the Black-Scholes price of a European call for every spot price of a Dataset, with
 * {@code StrictMath} so that the device's results are the JVM's bit for bit. {@link #price} is the kernel; the same
 * formula runs per row in plain Spark ({@link #priceOne}) for comparison.
 *
 * <pre>
 * spark-submit --class dev.ferrocl.spark.OptionPricing --jars ferrocl.jar ferrocl-spark.jar [ROWS]
 * </pre>
 */
public final class OptionPricing {
    static final double STRIKE = 100.0;
    static final double RATE = 0.02;
    static final double VOLATILITY = 0.3;
    static final double YEARS = 0.5;

    private OptionPricing() {
    }

    /**
     * The kernel: one price per spot price.
     *
     * @param spot the spot prices
     * @param call the call prices, one per spot price
     */
    public static void price(double[] spot, double[] call) {
        for (@Parallel int i = 0; i < spot.length; i++) {
            double s = spot[i];
            double sigmaSqrtT = VOLATILITY * StrictMath.sqrt(YEARS);
            double d1 = (StrictMath.log(s / STRIKE) + (RATE + 0.5 * VOLATILITY * VOLATILITY) * YEARS) / sigmaSqrtT;
            double d2 = d1 - sigmaSqrtT;
            call[i] = s * cnd(d1) - STRIKE * StrictMath.exp(-RATE * YEARS) * cnd(d2);
        }
    }

    /**
     * The same price for one spot price, as plain Spark computes it per row.
     *
     * @param s the spot price
     * @return the call price
     */
    public static double priceOne(double s) {
        double sigmaSqrtT = VOLATILITY * StrictMath.sqrt(YEARS);
        double d1 = (StrictMath.log(s / STRIKE) + (RATE + 0.5 * VOLATILITY * VOLATILITY) * YEARS) / sigmaSqrtT;
        double d2 = d1 - sigmaSqrtT;
        return s * cnd(d1) - STRIKE * StrictMath.exp(-RATE * YEARS) * cnd(d2);
    }

    /** The cumulative normal distribution (Abramowitz and Stegun 26.2.17). */
    static double cnd(double x) {
        double k = 1.0 / (1.0 + 0.2316419 * StrictMath.abs(x));
        double poly = k * (0.319381530 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
        double w = 1.0 - 0.3989422804014327 * StrictMath.exp(-0.5 * x * x) * poly;
        return x < 0 ? 1.0 - w : w;
    }

    /**
     * Spot prices for the example, deterministic.
     *
     * @param rows how many
     * @return the prices
     */
    public static List<Double> spots(int rows) {
        List<Double> v = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            v.add(50.0 + (i * 7919L % 100_000) * 0.001);
        }
        return v;
    }

    /**
     * Runs the job on the cluster the session points at and prints a summary.
     *
     * @param args {@code [ROWS]}
     */
    public static void main(String[] args) {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        SparkSession spark = SparkSession.builder().appName("ferrocl-option-pricing").getOrCreate();
        try {
            Dataset<Double> spot = spark.createDataset(spots(rows), Encoders.DOUBLE());
            JavaRDD<Double> prices = FerroclSpark.mapDoubles(spot.javaRDD(), OptionPricing::price);
            double total = prices.reduce(Double::sum);
            System.out.printf("%d calls priced, total %.6f%n", rows, total);
        } finally {
            spark.stop();
        }
    }
}
