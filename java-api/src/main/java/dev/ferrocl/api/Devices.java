package dev.ferrocl.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The OpenCL devices this process can use. */
public final class Devices {
    private Devices() {
    }

    /**
     * Lists every device of every OpenCL platform.
     *
     * @return the devices, in platform and device order; empty when there are none
     * @throws FerroclException if the native library cannot be loaded or OpenCL fails
     */
    public static List<Device> list() {
        return parse(Backend.devices());
    }

    /**
     * The device tasks run on: the one named by {@code -Dferrocl.device} or {@code FERROCL_DEVICE} if set, else
     * the first GPU listed, else the first device listed.
     *
     * @return the device
     * @throws FerroclException if there is no device, or the configured id names none
     */
    public static Device defaultDevice() {
        return choose(list(), Config.DEVICE);
    }

    static Device choose(List<Device> devices, String configured) {
        if (configured != null) {
            for (Device d : devices) {
                if (d.id().equals(configured)) {
                    return d;
                }
            }
            throw new FerroclException("ferrocl.device=" + configured + " names no device; the devices are: "
                    + devices);
        }
        if (devices.isEmpty()) {
            throw new FerroclException("no OpenCL device found (is an OpenCL ICD, such as PoCL, installed?)");
        }
        for (Device d : devices) {
            if (d.type().equalsIgnoreCase("GPU")) {
                return d;
            }
        }
        return devices.get(0);
    }

    /**
     * Parses the native listing: one device a line, {@code "P:D\t<type>\t<name>\t<platform>\t<version>"}, then
     * optionally {@code "\t<compute units>\t<local memory bytes>\t<global memory bytes>"}.
     */
    static List<Device> parse(String text) {
        List<Device> devices = new ArrayList<>();
        if (text == null) {
            return Collections.emptyList();
        }
        for (String line : text.split("\r?\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f.length < 5) {
                throw new FerroclException("malformed device line from the native library: \"" + line + "\"");
            }
            if (f.length >= 8) {
                try {
                    devices.add(new Device(f[0].trim(), f[1].trim(), f[2].trim(), f[3].trim(), f[4].trim(),
                            Integer.parseInt(f[5].trim()), Long.parseLong(f[6].trim()), Long.parseLong(f[7].trim())));
                } catch (NumberFormatException e) {
                    throw new FerroclException("malformed device line from the native library: \"" + line + "\"");
                }
            } else {
                devices.add(new Device(f[0].trim(), f[1].trim(), f[2].trim(), f[3].trim(), f[4].trim()));
            }
        }
        return Collections.unmodifiableList(devices);
    }
}
