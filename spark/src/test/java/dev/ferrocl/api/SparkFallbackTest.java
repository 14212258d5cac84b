package dev.ferrocl.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import dev.ferrocl.spark.FerroclSpark;
import dev.ferrocl.spark.OptionPricing;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.After;
import org.junit.Test;

/**
 * A partition whose device execution fails (an OpenCL call made to fail with {@link Native#faultInjection}, here in
 * package {@code dev.ferrocl.api} for that hook) runs on the executor's JVM instead: the job's results are still the
 * plain Spark job's, every row, and {@link FerroclSpark#fallbacks()} counts it.
 */
public class SparkFallbackTest {
    @After
    public void disarm() {
        Native.faultInjection(0);
    }

    @Test
    public void aFailedPartitionFallsBackWithoutLosingData() {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("ferrocl-spark-fallback")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
        try {
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            JavaRDD<Double> spot = jsc.parallelize(OptionPricing.spots(100_000), 4);
            List<Double> plain = spot.map(OptionPricing::priceOne).collect();
            // Compiled and built first, so that the fault hits an execution, not the compiler.
            assertEquals(plain, FerroclSpark.mapDoubles(spot, OptionPricing::price).collect());
            long fallbacks = FerroclSpark.fallbacks();
            NativeLoader.load();
            // The k-th OpenCL call from now fails, in whichever partition makes it; some calls' failures the
            // runtime absorbs (a staging map falls back to the heap, a failed copy of results is made again), so
            // k moves on until one fails a partition. Every job's results must be the plain job's.
            int k = 1;
            for (; k <= 40 && FerroclSpark.fallbacks() == fallbacks; k++) {
                Native.faultInjection(k);
                List<Double> offloaded = FerroclSpark.mapDoubles(spot, OptionPricing::price).collect();
                Native.faultInjection(0);
                assertEquals(plain.size(), offloaded.size());
                for (int i = 0; i < plain.size(); i++) {
                    assertEquals("fault at call " + k + ", row " + i, Double.doubleToRawLongBits(plain.get(i)),
                            Double.doubleToRawLongBits(offloaded.get(i)));
                }
            }
            assertTrue("no partition fell back with a fault at any of calls 1 to 40",
                    FerroclSpark.fallbacks() > fallbacks);
            System.out.printf("SparkFallbackTest: the fault at OpenCL call %d failed a partition, which ran on the "
                    + "JVM; every row matched the plain job%n", k - 1);
        } finally {
            spark.stop();
        }
    }
}
