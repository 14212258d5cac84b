package dev.ferrocl.api;

/** One task of a schedule, with what its last compile and run came to (the source of its {@link TaskReport}). */
final class ScheduledTask {
    final String id;
    final Object code;
    /** Calls the task's code on the JVM with the task's arguments: for bailouts and reruns. */
    final Runnable onJvm;
    /** The analysed target, or null when {@link #targetProblem} says why there is none. */
    final TaskTarget target;
    final String targetProblem;

    TaskReport.Where ranOn = TaskReport.Where.NOT_RUN;
    String reason = "not run yet";
    /** The outcome {@link #reason} was written for, while the task runs on the device. */
    Outcome reasonOf;
    String device;
    long compileNanos;
    long buildNanos;
    long kernelNanos;
    long transferNanos;
    boolean cached;
    /** The kernel's binary came from the disk cache when it was compiled in this JVM. */
    boolean fromDiskCache;
    long[] globalSize = new long[0];
    long[] localSize = new long[0];
    long bytesUploaded;
    long bytesDownloaded;
    long bytesInPlace;
    /** Batches the last execution's loop ran in (0: one launch). */
    long batches;
    /** The optimising phases that changed the task's kernel ({@code phase (detail)}). */
    java.util.List<String> optimizations = java.util.List.of();
    /** Each device's share of the last execution when it was split across devices (else empty). */
    java.util.List<TaskReport.DeviceShare> shares = java.util.List.of();
    /** The optimisation switches the task was last compiled with (for its other devices' compiles). */
    String lastSwitches;
    /** Whether an execution on the device has been timed with OpenCL profiling. */
    boolean profiled;
    /** The work-group size the user asked for with {@link TaskSchedule#workGroupSize}, or null (automatic). */
    int[] requestedLocalSize;
    long executions;
    /** Whether a compile has been recorded for this task. */
    boolean compiled;
    /** The outcome whose compile is recorded. */
    private Outcome lastOutcome;

    ScheduledTask(String id, Object code, Runnable onJvm, Object[] args) {
        this.id = id;
        this.code = code;
        this.onJvm = onJvm;
        TaskTarget t = null;
        String problem = null;
        try {
            t = TaskTarget.of(code, args);
        } catch (TaskTarget.Unsupported e) {
            problem = e.getMessage();
        }
        this.target = t;
        this.targetProblem = problem;
    }

    /** The name warnings use: {@code pkg.Cls.method}, or the code object's class for a non-lambda. */
    String methodName() {
        return target != null ? target.displayName() : code.getClass().getName() + ".apply";
    }

    /** A key that is the same for every task running the same method. */
    String methodKey() {
        return target != null ? target.displayName() + target.descriptor : code.getClass().getName() + ".apply";
    }

    void recordCompile(Outcome outcome, boolean fresh) {
        if (compiled && !fresh && outcome == lastOutcome) {
            // The same compile again (every execute asks the cache): keep its record, times included.
            return;
        }
        lastOutcome = outcome;
        compiled = true;
        optimizations = outcome.applied;
        cached = !fresh || outcome.nativeCached;
        fromDiskCache = outcome.fromDiskCache;
        compileNanos = fresh ? outcome.jitNanos : 0;
        buildNanos = fresh ? outcome.buildNanos : 0;
        if (!outcome.isBailout() && outcome.onJvm == null) {
            Flight.compile(id, methodName(), outcome.deviceName, compileNanos, buildNanos, cached, fromDiskCache,
                    String.join(", ", optimizations));
        }
        if (ranOn == TaskReport.Where.NOT_RUN) {
            reason = outcome.isBailout() ? "not run yet; will run on the JVM: bailout: " + outcome.bailout
                    : outcome.onJvm != null ? "not run yet; will run on the JVM: " + outcome.onJvm
                    : "not run yet; compiled for " + outcome.deviceName;
        }
    }

    /** Records a launch's figures; its times only when it was timed with OpenCL profiling. */
    void recordLaunch(LaunchStats stats, boolean timed) {
        if (timed) {
            kernelNanos = stats.kernelNanos;
            transferNanos = stats.uploadNanos + stats.downloadNanos;
        }
        globalSize = stats.globalSize();
        localSize = stats.localSize();
        bytesUploaded = stats.bytesUploaded;
        bytesDownloaded = stats.bytesDownloaded;
        bytesInPlace = stats.bytesInPlace;
        batches = stats.batches;
        Flight.launch(id, lastOutcome != null ? lastOutcome.deviceName : null, stats, timed);
    }

    void clearLaunch() {
        kernelNanos = 0;
        transferNanos = 0;
        globalSize = new long[0];
        localSize = new long[0];
        bytesUploaded = 0;
        bytesDownloaded = 0;
        bytesInPlace = 0;
        batches = 0;
    }

    TaskReport snapshot() {
        return new TaskReport(id, ranOn, reason, device, compileNanos, buildNanos, kernelNanos, transferNanos, cached,
                globalSize.clone(), localSize.clone(), executions, bytesUploaded, bytesDownloaded, bytesInPlace,
                optimizations, shares, batches, fromDiskCache);
    }
}
