package dev.ferrocl.spark;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Ferrocl inside Spark, in local mode ({@code local[2]}: two executor threads in this JVM) on the default OpenCL
 * device, strict: every partition's prices are compared bit for bit with the plain Spark job's (the same formula per
 * row on the JVM; {@code StrictMath} makes the device's results the JVM's exactly).
 */
public class SparkTest {
    static SparkSession spark;
    static JavaSparkContext jsc;

    @BeforeClass
    public static void start() {
        spark = SparkSession.builder().master("local[2]").appName("ferrocl-spark-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .getOrCreate();
        jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    }

    @AfterClass
    public static void stop() {
        if (spark != null) {
            spark.stop();
        }
    }

    static void assertSameBits(List<Double> expected, List<Double> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals("row " + i, Double.doubleToRawLongBits(expected.get(i)),
                    Double.doubleToRawLongBits(actual.get(i)));
        }
    }

    @Test
    public void anRddsPartitionsRunOnTheDeviceWithPlainSparksResults() {
        int rows = 200_003;
        JavaRDD<Double> spot = jsc.parallelize(OptionPricing.spots(rows), 6);
        List<Double> plain = spot.map(OptionPricing::priceOne).collect();
        long before = FerroclSpark.offloaded();
        List<Double> offloaded = FerroclSpark.mapDoubles(spot, OptionPricing::price).collect();
        assertSameBits(plain, offloaded);
        assertEquals("every partition ran on the device", 6, FerroclSpark.offloaded() - before);
    }

    @Test
    public void aDatasetsPartitionsToo() {
        int rows = 50_000;
        Dataset<Double> spot = spark.createDataset(OptionPricing.spots(rows), Encoders.DOUBLE()).repartition(3);
        List<Double> plain = spot.javaRDD().map(OptionPricing::priceOne).collect();
        List<Double> offloaded = FerroclSpark.mapDoubles(spot, OptionPricing::price).collectAsList();
        assertSameBits(plain, offloaded);
    }

    @Test
    public void emptyAndTinyPartitions() {
        List<Double> few = new ArrayList<>(OptionPricing.spots(5));
        JavaRDD<Double> spot = jsc.parallelize(few, 8); // three partitions are empty
        assertSameBits(spot.map(OptionPricing::priceOne).collect(),
                FerroclSpark.mapDoubles(spot, OptionPricing::price).collect());
    }
}
