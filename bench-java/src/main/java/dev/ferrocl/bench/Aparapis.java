package dev.ferrocl.bench;

import com.aparapi.Kernel;
import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;

/**
 * Keeps the Aparapi variants honest: Aparapi silently runs a kernel in Java threads when it cannot run it on OpenCL
 * (no device, an unsupported construct, a failed build), which would measure something else.
 */
public final class Aparapis {
    private static volatile boolean printed;

    private Aparapis() {
    }

    /**
     * Checks that the kernel's last {@code execute} ran on an OpenCL device (Aparapi marks a device that failed and
     * moves the kernel to its next preferred device, in the end Java threads), and prints that device once per JVM.
     *
     * @param what names the benchmark in the message
     * @param k    the kernel, executed at least once
     * @throws IllegalStateException if it did not run on OpenCL
     */
    public static void onOpenCl(String what, Kernel k) {
        Device d = k.getTargetDevice();
        if (!(d instanceof OpenCLDevice)) {
            throw new IllegalStateException(what + ": Aparapi did not run the kernel on OpenCL but on " + d
                    + " (its fallback; Aparapi's log above says why)");
        }
        if (!printed) {
            printed = true;
            OpenCLDevice cl = (OpenCLDevice) d;
            System.out.println("[bench] Aparapi runs on OpenCL device: " + cl.getName() + " (" + cl.getType()
                    + ", platform " + cl.getOpenCLPlatform().getName() + ")");
        }
    }
}
