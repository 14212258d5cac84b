#!/usr/bin/env bash
# Builds .bundle/: a self-contained run of the demo and the strict JUnit suite for the GPU machine
# (which has OpenCL drivers but no Java or Rust): a jlinked Java runtime, dist/ferrocl.jar, the demo
# and test classes with JUnit, and .bundle/run.sh, which registers NVIDIA's OpenCL ICD and runs both.
# Use: scripts/gpu-bundle.sh, then on the device machine (carry .bundle): bash .bundle/run.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/package.sh >/dev/null
bash scripts/demo.sh >/dev/null            # compiles the demo into build/demo/classes (and checks it here)
gradle --no-daemon -q :tests:testClasses -PskipCargo >/dev/null 2>&1
rm -rf .bundle && mkdir -p .bundle/lib
jlink --add-modules java.base,jdk.unsupported,java.management,java.logging \
  --strip-debug --no-header-files --no-man-pages --compress=2 --output .bundle/jre
cp dist/ferrocl.jar .bundle/lib/
cp -r build/demo/classes .bundle/demo
cp -r tests/build/classes/java/test .bundle/tests
mkdir -p .bundle/tools
cat > .bundle/tools/ListDevices.java <<'JAVA'
public class ListDevices {
    public static void main(String[] args) {
        for (dev.ferrocl.api.Device d : dev.ferrocl.api.Devices.list()) {
            System.out.println(d.id() + " " + d.type() + " " + d.name() + " | " + d.platform() + " | " + d.version());
        }
    }
}
JAVA
javac -cp dist/ferrocl.jar -d .bundle/tools .bundle/tools/ListDevices.java
for jar in junit-4.13.2.jar hamcrest-core-1.3.jar; do
  found=$(find ~/.gradle ~/.m2 -name "$jar" -print -quit 2>/dev/null || true)
  [ -n "$found" ] || { echo "gpu-bundle: $jar not found (run gradle test once)" >&2; exit 1; }
  cp "$found" .bundle/lib/
done
# The libm accuracy test (a native test binary) and its data, to run against the GPU's OpenCL.
cargo test -q -p ferrocl-opencl-writer --test libm --no-run >/dev/null 2>&1
libm_bin=$(ls -t target/debug/deps/libm-* 2>/dev/null | grep -v '\.d$' | head -1 || true)
if [ -n "$libm_bin" ]; then
  cp "$libm_bin" .bundle/libm-test
  cp -r crates/ferrocl-opencl-writer/tests/libm-data .bundle/libm-data
fi
cat > .bundle/run.sh <<'RUN'
#!/usr/bin/env bash
# Runs on the GPU machine from the repository root.
set -uo pipefail
B=.bundle
lib=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 /usr/lib64/libnvidia-opencl.so.1 2>/dev/null | head -1)
mkdir -p /etc/OpenCL/vendors && [ -n "$lib" ] && echo "$lib" > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
J="$B/jre/bin/java -XX:-OmitStackTraceInFastThrow -Xmx8g"
echo "== OpenCL devices =="
$J -cp $B/lib/ferrocl.jar:$B/tools ListDevices
echo "== demo (default device: the first GPU) =="
$J -Dferrocl.strict=true -cp $B/lib/ferrocl.jar:$B/demo dev.ferrocl.demo.Demo
if [ -x $B/libm-test ]; then
  echo "== libm accuracy on the default device (the first GPU) =="
  FERROCL_LIBM_DATA=$B/libm-data $B/libm-test --nocapture 2>&1 | grep -E "ulp|test result|panicked|skip" | head -40
fi
classes=$(cd $B/tests && find . -name '*Test.class' | sed 's|^\./||; s|\.class$||; s|/|.|g' | sort)
gpus=$($J -cp $B/lib/ferrocl.jar:$B/tools ListDevices | awk '$2 == "GPU" {print $1}')
for dev in ${FERROCL_TEST_DEVICES:-$gpus}; do
  echo "== JUnit suite, strict, on device $dev =="
  $J -Dferrocl.strict=true -Dferrocl.device=$dev \
    -cp $B/lib/ferrocl.jar:$B/tests:$B/lib/junit-4.13.2.jar:$B/lib/hamcrest-core-1.3.jar \
    org.junit.runner.JUnitCore $classes 2>&1 | grep -vE "^\s+at |^\.+$|^Time:" | head -60
done
RUN
chmod +x .bundle/run.sh
du -sh .bundle
