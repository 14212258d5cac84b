#!/usr/bin/env bash
# Builds .bench-bundle/: a self-contained run of the JMH suite (bench-java/) for the GPU machine of the
# `device` tool, which has OpenCL drivers but no Java or Rust. Inside: a jlinked Java runtime, the benchmark
# fat jar (JMH, Aparapi, Ferrocl's Java API), libferrocl.so, a small device-info tool, and run.sh.
#
#   scripts/bench-gpu.sh                 cargo build --release -p ferrocl-jni, the bench jar, the bundle
#   SKIP_CARGO=1 scripts/bench-gpu.sh    reuse target/release/libferrocl.so as it is
#
# Then on the device machine (carry [".bench-bundle"], timeout_s 600):   bash .bench-bundle/run.sh [JMH args]
# run.sh registers NVIDIA's OpenCL ICD (when the driver is there), writes $OUT/device.json, runs the suite
# one benchmark class at a time, each class in one JVM of its own (JMH -f 0: every trial of the class in that
# JVM, no fork per trial; a shared deadline, so one failure or overrun loses one class, not the run) and
# leaves in $OUT: jmh.json (JMH's JSON, all classes), kernel-times.jsonl (profiled kernel, JIT and
# driver-build times from the benchmarks), device.json, run.log, and overhead.txt (bench-native/overhead.c, run
# when OverheadBench is selected). The whole suite takes about 6.5 minutes on
# the H100 machine (bench-java/README.md, "Run time").
# Then: python3 scripts/bench-report.py <the fetched $OUT folder>.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

B=.bench-bundle
JAR=bench-java/build/libs/ferrocl-bench.jar
LIB=target/release/libferrocl.so
# What the JVM, JMH (its forks read the host's arguments through java.management) and Aparapi
# (java.logging, sun.misc.Unsafe from jdk.unsupported) load at run time; checked by running the bundle.
MODULES=${BENCH_JLINK_MODULES:-java.base,jdk.unsupported,java.management,java.logging,jdk.jfr}
LIMIT_MIB=60

if [[ ${SKIP_CARGO:-0} != 1 ]]; then
  echo "== cargo build --release -p ferrocl-jni ==" >&2
  cargo build --release -p ferrocl-jni
fi
[[ -f $LIB ]] || { echo "bench-gpu: $LIB not found (cargo build --release -p ferrocl-jni)" >&2; exit 1; }

echo "== bench jar ==" >&2
gradle --no-daemon -q :bench-java:benchJar -PskipCargo
[[ -f $JAR ]] || { echo "bench-gpu: $JAR was not built" >&2; exit 1; }

echo "== bundle ==" >&2
rm -rf "$B"
mkdir -p "$B/lib" "$B/tools"
jlink --add-modules "$MODULES" --strip-debug --no-header-files --no-man-pages --compress=2 --output "$B/jre"
# The jar without what cannot load on linux-x86_64 (Aparapi's Windows, macOS and other Linux builds of its JNI
# library: 60 MB uncompressed) and without the copy of libferrocl.so inside java-api's jar (the bundle's own,
# lib/libferrocl.so, is the one loaded, through -Dferrocl.library.path).
python3 - "$JAR" "$B/lib/ferrocl-bench.jar" <<'PY'
import re, sys, zipfile
drop = re.compile(r"^(win/|osx/|linux/libaparapi_(aarch64|armhf|x86)\.so$|native/)")
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        if not drop.match(info.filename):
            dst.writestr(info, src.read(info.filename), compress_type=info.compress_type)
PY
cp "$LIB" "$B/lib/libferrocl.so"
# Debian's libjvm.so keeps its symbol table (3.5 MB); nothing here needs it.
if command -v strip >/dev/null; then strip --strip-unneeded "$B/jre/lib/server/libjvm.so" || true; fi

# Prints, as one JSON object, the OpenCL device Ferrocl picks by default (what the benchmarks run on), every
# device it sees, and the host's CPUs. Run by run.sh with the bundle's JVM.
cat >"$B/tools/BenchDeviceInfo.java" <<'JAVA'
import dev.ferrocl.api.Device;
import dev.ferrocl.api.Devices;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;

public class BenchDeviceInfo {
    static String q(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    static String device(Device d) {
        return "{\"id\": " + q(d.id()) + ", \"type\": " + q(d.type()) + ", \"name\": " + q(d.name())
                + ", \"platform\": " + q(d.platform()) + ", \"version\": " + q(d.version()) + "}";
    }

    public static void main(String[] args) throws Exception {
        String cpuModel = null;
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpuModel = line.substring(line.indexOf(':') + 1).trim();
                    break;
                }
            }
        } catch (Exception e) {
            // not Linux, or unreadable: leave it null
        }
        StringBuilder out = new StringBuilder("{");
        out.append("\"host\": {\"cpus\": ").append(Runtime.getRuntime().availableProcessors())
                .append(", \"cpuModel\": ").append(q(cpuModel))
                .append(", \"os\": ").append(q(System.getProperty("os.name") + " " + System.getProperty("os.version")))
                .append(", \"java\": ").append(q(System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")))
                .append(", \"maxHeapMiB\": ").append(Runtime.getRuntime().maxMemory() >> 20).append("}");
        try {
            List<Device> all = Devices.list();
            out.append(", \"opencl\": ").append(device(Devices.defaultDevice()));
            out.append(", \"openclDevices\": [");
            for (int i = 0; i < all.size(); i++) out.append(i == 0 ? "" : ", ").append(device(all.get(i)));
            out.append("]");
        } catch (RuntimeException e) {
            out.append(", \"opencl\": null, \"openclError\": ").append(q(String.valueOf(e.getMessage())));
        }
        System.out.println(out.append("}"));
    }
}
JAVA
javac --release 17 -nowarn -cp "$B/lib/ferrocl-bench.jar" -d "$B/tools" "$B/tools/BenchDeviceInfo.java"
rm "$B/tools/BenchDeviceInfo.java"

cat >"$B/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the JMH suite from the bundle; on the GPU machine (from the repository root) or here.
#   bash .bench-bundle/run.sh [JMH regexes and options]     e.g.  VectorAdd Saxpy -p size=smoke
# No arguments: every benchmark with its own @Warmup/@Measurement settings, one JVM per benchmark class: JMH
# runs all of the class's trials inside that JVM (-f 0; BENCH_FORKS=N, or -f N among the arguments, forks N
# JVMs per trial instead, as JMH does by default: about twice the time). That JVM gets the options the forks
# used to get (heap, -Dferrocl.*, --add-opens; libjsig through LD_PRELOAD); with -f N >= 1 JMH passes them on
# to its forks. Results go to $OUT (default build/bench-run); the whole run stops starting classes, and stops
# the one running, at BENCH_DEADLINE_S seconds (default 550) so that what finished still comes back within the
# device tool's 600 s.
set -uo pipefail
B=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-build/bench-run}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
rm -f "$OUT/jmh.json" "$OUT/kernel-times.jsonl" "$OUT/device.json" "$OUT/run.log" "$OUT/overhead.txt"
DEADLINE=$(( SECONDS + ${BENCH_DEADLINE_S:-550} ))

json_str() {  # a JSON string literal (or null for an empty argument)
  if [[ -z ${1-} ]]; then printf 'null'; return; fi
  local s=${1//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\t'/ }; s=${s//$'\n'/ }; s=${s//$'\r'/}
  printf '"%s"' "$s"
}

main() {
# NVIDIA's OpenCL ICD: the driver is mounted but not registered with the ICD loader.
lib=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 \
  /usr/lib64/libnvidia-opencl.so.1 /usr/local/nvidia/lib64/libnvidia-opencl.so.1 2>/dev/null | head -1)
if [[ -n $lib ]]; then
  if mkdir -p /etc/OpenCL/vendors 2>/dev/null && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd 2>/dev/null; then
    echo "registered NVIDIA's OpenCL ICD: $lib"
  else
    echo "warning: could not write /etc/OpenCL/vendors/nvidia.icd (not root?)"
  fi
else
  echo "no libnvidia-opencl.so.1: NVIDIA ICD not registered"
fi
gpu_name=""; gpu_driver=""
if command -v nvidia-smi >/dev/null 2>&1; then
  smi=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
  echo "nvidia-smi: ${smi:-(no answer)}"
  gpu_name=$(echo "$smi" | cut -d, -f1 | sed 's/^ *//; s/ *$//')
  gpu_driver=$(echo "$smi" | cut -d, -f2 | sed 's/^ *//; s/ *$//')
fi

# NVIDIA keeps compiled OpenCL programs in ~/.nv/ComputeCache across processes: without this, every fork
# after the first would measure a disk-cache hit as the "cold" driver build.
export CUDA_CACHE_DISABLE=${CUDA_CACHE_DISABLE:-1}
# The JVM's signal chaining: PoCL's LLVM (loaded by any OpenCL user that lists platforms, Aparapi included)
# installs its own SIGSEGV/SIGBUS/SIGILL/SIGFPE handlers; without chaining a JVM can die at its next safepoint poll.
# ($B is absolute: the former "$PWD/$B" named no file, and the JVMs ran without chaining.)
if [ -f "$B/jre/lib/libjsig.so" ]; then export LD_PRELOAD="$B/jre/lib/libjsig.so"; fi
JAVA="$B/jre/bin/java"
JAR="$B/lib/ferrocl-bench.jar"
KT="$OUT/kernel-times.jsonl"
: >"$KT"
# The benchmark JVM's options: given to each class's JMH JVM, which runs the trials itself (-f 0); with -f N
# >= 1, JMH passes its own input arguments on to its forks (no benchmark sets @Fork(jvmArgs), which would
# replace them). Aparapi reflects into java.base.
# -Dferrocl.profile=true: executions start timed with OpenCL profiling (the kernel columns need it; the hand-written
# kernels are profiled too); KernelTimes.record then profiles the first 32 operations of each trial (its warmup) and
# none after them (profiling costs driver time per command, which Aparapi does not pay), and OverheadBench profiles only
# its setup's samples.
PROPS=(-Xmx${BENCH_XMX:-8g} -Dferrocl.library.path="$B/lib/libferrocl.so" -Dferrocl.strict=true -Dferrocl.profile=true -Dferrocl.bench.kernelTimes="$KT"
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED)
[[ -n ${FERROCL_DEVICE:-} ]] && PROPS+=(-Dferrocl.device="$FERROCL_DEVICE")
# BENCH_OPT="tile=false coalesce=false": optimisation phases switched for the whole run (the per-phase breakdown).
for sw in ${BENCH_OPT:-}; do PROPS+=(-Dferrocl.opt.$sw); done
HOST=("$JAVA")

info=$("$JAVA" "${PROPS[@]}" -cp "$JAR:$B/tools" BenchDeviceInfo 2>&1 | tail -1)
[[ $info == "{"* ]] || { echo "device info failed: $info"; info='{}'; }
echo "device info: $info"

# The arguments: regexes (anything not an option) select benchmarks; the rest are JMH options, passed on.
regexes=(); opts=()
args=("$@")
forks_given=0
for ((k = 0; k < ${#args[@]}; k++)); do
  a=${args[k]}
  case $a in
    -h | -l | -lp | -lprof | -lrf) opts+=("$a") ;;
    -*) [[ $a == -f ]] && forks_given=1
      opts+=("$a"); ((k + 1 < ${#args[@]})) && { k=$((k + 1)); opts+=("${args[k]}"); } ;;
    *) regexes+=("$a") ;;
  esac
done
# One JVM per class unless the arguments say otherwise (-f N) or BENCH_FORKS does.
FORKS=${BENCH_FORKS:-0}
run_opts=("${opts[@]}")
((forks_given)) || run_opts+=(-f "$FORKS")
mapfile -t selected < <("${HOST[@]}" -jar "$JAR" -l "${regexes[@]}" "${opts[@]}" 2>/dev/null \
  | sed -n 's/^ *\([A-Za-z_$][A-Za-z0-9_$.]*\.[A-Za-z0-9_$]*\) *$/\1/p')
mapfile -t available < <("${HOST[@]}" -jar "$JAR" -l 2>/dev/null \
  | sed -n 's/^ *\([A-Za-z_$][A-Za-z0-9_$.]*\.[A-Za-z0-9_$]*\) *$/\1/p')
((${#selected[@]})) || { echo "no benchmark matches: ${regexes[*]:-(all)} ${opts[*]}"; }
mapfile -t classes < <(printf '%s\n' "${selected[@]}" | sed 's/\.[^.]*$//' | awk 'NF && !seen[$0]++')
echo "selected ${#selected[@]} benchmarks in ${#classes[@]} classes"

# The bare-OpenCL floor under OverheadBench (bench-native/overhead.c, built here with the machine's gcc): runs when
# OverheadBench is selected (BENCH_NATIVE=1 always, BENCH_NATIVE=0 never); about 3 s; $OUT/overhead.txt.
native_status=null
if [[ ${BENCH_NATIVE:-} == 1 || ( ${BENCH_NATIVE:-} != 0 && " ${classes[*]} " == *".OverheadBench "* ) ]]; then
  echo "== bench-native/overhead.c =="
  env -u LD_PRELOAD OUT="$OUT" bash "$B/native/run.sh"
  native_rc=$?
  native_status="{\"overhead\": {\"rc\": $native_rc}}"
fi

parts=$(mktemp -d)
runs=()
for ((c = 0; c < ${#classes[@]}; c++)); do
  cls=${classes[c]}
  left=$(( DEADLINE - SECONDS ))
  if ((left < 10)); then
    echo "== $cls: skipped, the run's deadline (BENCH_DEADLINE_S) has passed =="
    runs+=("{\"class\": $(json_str "$cls"), \"rc\": null, \"seconds\": 0, \"status\": \"skipped (deadline)\"}")
    continue
  fi
  methods=$(printf '%s\n' "${selected[@]}" | awk -v c="$cls" '{ m = $0; sub(/.*\./, "", m); p = $0; sub(/\.[^.]*$/, "", p); if (p == c) print m }' | paste -sd'|')
  regex="^${cls//./\\.}\\.(${methods})\$"
  echo "== $cls ($methods), ${left}s left =="
  start=$SECONDS
  timeout --kill-after=15 "$left" "${HOST[@]}" "${PROPS[@]}" -jar "$JAR" "$regex" "${run_opts[@]}" \
    -rf json -rff "$parts/$c.json" 2>&1 | tee "$parts/$c.log"
  rc=${PIPESTATUS[0]}
  status=ok; ((rc == 124 || rc == 137)) && status="killed (deadline)"; ((rc != 0 && rc != 124 && rc != 137)) && status="failed"
  failures=$(grep -c '<failure>' "$parts/$c.log")
  runs+=("{\"class\": $(json_str "$cls"), \"rc\": $rc, \"seconds\": $((SECONDS - start)), \"status\": \"$status\", \"jmhFailures\": $failures}")
done

# Where Aparapi ran (the benchmarks print it; it picks its device on its own).
mapfile -t aparapi < <(cat "$parts"/*.log 2>/dev/null | sed -n 's/^\[bench\] Aparapi runs on OpenCL device: //p' | sort -u)

# One JSON array of every class's results (JMH writes one top-level array per run).
{
  echo "["
  first=1
  for f in "$parts"/*.json; do
    [[ -s $f && $f == *.json ]] || continue
    # sed, not bash's ${body%]*}: that is quadratic, and OverheadBench's sampled times make a part of megabytes
    # (the assembly ran for minutes, past the device call's limit).
    body=$(sed -z -e 's/^[[:space:]]*\[//' -e 's/\][[:space:]]*$//' "$f")
    [[ $body == *[![:space:]]* ]] || continue
    ((first)) || echo ","
    printf '%s\n' "$body"; first=0
  done
  echo "]"
} >"$OUT/jmh.json"
rm -rf "$parts"

{
  echo "{"
  echo "  \"date\": \"$(date -u +%Y-%m-%d)\", \"time\": \"$(date -u +%Y-%m-%dT%H:%M:%SZ)\","
  echo "  \"gpu\": {\"name\": $(json_str "$gpu_name"), \"driver\": $(json_str "$gpu_driver")},"
  echo "  \"ferrocl\": $info,"
  printf '  "jmhArgs": ['; sep=""; for a in "$@"; do printf '%s%s' "$sep" "$(json_str "$a")"; sep=", "; done; echo "],"
  printf '  "selected": ['; sep=""; for a in "${selected[@]}"; do printf '%s%s' "$sep" "$(json_str "$a")"; sep=", "; done; echo "],"
  printf '  "available": ['; sep=""; for a in "${available[@]}"; do printf '%s%s' "$sep" "$(json_str "$a")"; sep=", "; done; echo "],"
  printf '  "aparapiDevices": ['; sep=""; for a in "${aparapi[@]}"; do printf '%s%s' "$sep" "$(json_str "$a")"; sep=", "; done; echo "],"
  printf '  "runs": ['; sep=""; for r in "${runs[@]}"; do printf '%s\n    %s' "$sep" "$r"; sep=","; done; echo "],"
  echo "  \"env\": {\"CUDA_CACHE_DISABLE\": $(json_str "$CUDA_CACHE_DISABLE"), \"FERROCL_DEVICE\": $(json_str "${FERROCL_DEVICE:-}"), \"BENCH_DEADLINE_S\": ${BENCH_DEADLINE_S:-550}, \"BENCH_OPT\": $(json_str "${BENCH_OPT:-}"), \"BENCH_FORKS\": $(json_str "$( ((forks_given)) && echo "(from the arguments)" || echo "$FORKS")")},"
  echo "  \"native\": $native_status,"
  echo "  \"wallSeconds\": $SECONDS"
  echo "}"
} >"$OUT/device.json"

echo "== done in ${SECONDS}s: $(grep -c '"benchmark"' "$OUT/jmh.json") results, $(wc -l <"$KT") kernel-time lines, in $OUT =="
# The device tool brings back files of up to 16 MiB.
if (( $(stat -c %s "$KT") > 12 * 1024 * 1024 )); then gzip -f "$KT"; fi
ls -la "$OUT"
}
main "$@" 2>&1 | tee "$OUT/run.log"
RUN
chmod +x "$B/run.sh"

# The jlinked runtime must load JMH and find the benchmarks (the modules list is right for the host side).
listed=$("$B/jre/bin/java" -jar "$B/lib/ferrocl-bench.jar" -l | grep -c '^dev\.ferrocl\.bench\.' || true)
((listed > 0)) || { echo "bench-gpu: the bundle's JVM lists no benchmark" >&2; exit 1; }
classes=$("$B/jre/bin/java" -jar "$B/lib/ferrocl-bench.jar" -l | sed -n 's/^\(dev\.ferrocl\.bench\..*\)\.[^.]*$/\1/p' | sort -u | wc -l)
echo "bench jar: $listed benchmark methods in $classes classes"

# The reduction kernel race (bench-native/kernel_race.c): Ferrocl's kernels for ReductionBench's four @Reduce
# methods, written by the ferrocl CLI from the benchmark's own class file, against ReductionBench's hand-written
# kernel, on one resident buffer with launches interleaved and the L2 state controlled. race/run.sh compiles the
# harness with the device machine's gcc and OpenCL headers and writes $OUT/kernel-race.txt.
echo "== kernel race ==" >&2
R="$B/race"
mkdir -p "$R/classes"
cargo build --release -q -p ferrocl-cli
(cd "$R/classes" && jar xf "$OLDPWD/$JAR" dev/ferrocl/bench/ReductionBench.class)
for m in sumFloat minFloat sumInt minInt; do
  target/release/ferrocl compile "$R/classes/dev/ferrocl/bench/ReductionBench.class" --method "$m" >"$R/$m.cl"
done
rm -rf "$R/classes"
# The hand-written kernel: ReductionBench.OPENCL, a Java text block, as the JVM sees it.
python3 - bench-java/src/main/java/dev/ferrocl/bench/ReductionBench.java "$R/hand.cl" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
block = re.search(r'OPENCL = """\n(.*?)""";', src, re.S).group(1)
lines = block.split("\n")
indent = min(len(l) - len(l.lstrip()) for l in lines if l.strip())
text = "\n".join(l[indent:] for l in lines)
open(sys.argv[2], "w").write(text.replace("\\\\", "\\"))
PY
cp bench-native/kernel_race.c "$R/"
cat >"$R/run.sh" <<'RACE'
#!/usr/bin/env bash
# bash .bench-bundle/race/run.sh [ELEMS...]   (default 2^24 and 2^26; REPS=201 timed launches per kernel and state)
set -euo pipefail
R=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-build/bench-run}
mkdir -p "$OUT"
lib=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 2>/dev/null | head -1 || true)
if [[ -n $lib ]]; then mkdir -p /etc/OpenCL/vendors && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd; fi
inc=""
for d in /usr/include /usr/local/cuda/include; do [[ -f $d/CL/cl.h ]] && { inc="-I$d"; break; }; done
gcc -O2 $inc -o /tmp/kernel_race "$R/kernel_race.c" -l:libOpenCL.so.1 -lm
specs=()
for k in sumFloat:float:sum minFloat:float:min sumInt:int:sum minInt:int:min; do
  IFS=: read -r name type op <<<"$k"
  specs+=("$R/hand.cl:$name:hand:$type:$op:hand-written/$name" "$R/$name.cl:$name:ferrocl:$type:$op:ferrocl/$name")
  for old in "$R"/old/"$name".cl; do [[ -f $old ]] && specs+=("$old:$name:ferrocl:$type:$op:ferrocl-before/$name"); done
done
sizes=("$@")
((${#sizes[@]})) || sizes=(16777216 67108864)
{
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  for n in "${sizes[@]}"; do /tmp/kernel_race "$n" "${REPS:-201}" "${specs[@]}"; done
} 2>&1 | tee "$OUT/kernel-race.txt"
RACE

# The bare-OpenCL overhead floor (bench-native/overhead.c): the same tiny kernel as OverheadBench, timed through the
# OpenCL API alone. Compiled on the device machine by native/run.sh, which the suite's run.sh calls when
# OverheadBench is selected; by hand: bash .bench-bundle/native/run.sh [ITERS [N...]] ($OUT/overhead.txt).
echo "== native overhead harness ==" >&2
NV="$B/native"
mkdir -p "$NV"
cp bench-native/overhead.c "$NV/"
cat >"$NV/run.sh" <<'NATIVE'
#!/usr/bin/env bash
# bash .bench-bundle/native/run.sh [ITERS [N...]]   (default 2000 timed iterations per case; 256 and 4096 elements)
set -uo pipefail
NV=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-build/bench-run}
mkdir -p "$OUT"
lib=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 2>/dev/null | head -1 || true)
if [[ -n $lib ]]; then mkdir -p /etc/OpenCL/vendors 2>/dev/null && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd 2>/dev/null; fi
inc=""
for d in /usr/include /usr/local/cuda/include; do [[ -f $d/CL/cl.h ]] && { inc="-I$d"; break; }; done
exe=$(mktemp /tmp/ferrocl-overhead.XXXXXX)
if ! gcc -O2 -Wall $inc -o "$exe" "$NV/overhead.c" -l:libOpenCL.so.1; then
  echo "native/run.sh: overhead.c did not compile (gcc, CL/cl.h, libOpenCL.so.1?)" | tee "$OUT/overhead.txt"
  exit 1
fi
{
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  "$exe" "$@"
} 2>&1 | tee "$OUT/overhead.txt"
rc=${PIPESTATUS[0]}
rm -f "$exe"
exit "$rc"
NATIVE

# The strict JUnit suite (tests/) with the bundle's JRE and library, against the JVM on the GPU machine:
# bash .bench-bundle/junit/run.sh (after run.sh or race/run.sh registered NVIDIA's ICD), about 40 s.
echo "== JUnit classes ==" >&2
gradle --no-daemon -q :tests:testClasses -PskipCargo
J="$B/junit"
mkdir -p "$J"
cp -r tests/build/classes/java/test "$J/classes"
for jar in junit-4.13.2.jar hamcrest-core-1.3.jar; do
  found=$(find ~/.gradle ~/.m2 -name "$jar" -print -quit 2>/dev/null || true)
  [[ -n $found ]] || { echo "bench-gpu: $jar not found (run gradle test once)" >&2; exit 1; }
  cp "$found" "$J/"
done
# (RandomKernelTest and CatchProbeTest compile kernels with javac, which the jlinked runtime lacks: jdk.compiler would take the
# bundle past the device tool's 64 MiB. It runs here, in scripts/test.sh.)
(cd "$J/classes" && find . -name '*Test.class' | sed 's|^\./||; s|\.class$||; s|/|.|g' | grep -v -e '^dev\.ferrocl\.tests\.RandomKernelTest$' -e '^dev\.ferrocl\.tests\.CatchProbeTest$' | sort) >"$J/tests.txt"
cat >"$J/run.sh" <<'JUNIT'
#!/usr/bin/env bash
# The strict JUnit suite with the bundle's JRE and libferrocl.so; register NVIDIA's ICD first (race/run.sh or run.sh).
B=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$B/junit
LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Xmx8g -Dferrocl.strict=true \
  -Dferrocl.library.path="$B/lib/libferrocl.so" -XX:-OmitStackTraceInFastThrow \
  -cp "$B/lib/ferrocl-bench.jar:$J/classes:$J/junit-4.13.2.jar:$J/hamcrest-core-1.3.jar" \
  org.junit.runner.JUnitCore $(cat "$J/tests.txt")
JUNIT
# The StrictMath proof (tests' MathProof, as scripts/math-proof.sh runs it here) on the GPU machine's default device:
# bash .bench-bundle/junit/math-proof.sh [N] (default 10^7 inputs per function; one line per function, exit 1 on a
# difference).
cat >"$J/math-proof.sh" <<'PROOF'
#!/usr/bin/env bash
B=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$B/junit
LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Xmx8g -Dferrocl.strict=true \
  -Dferrocl.library.path="$B/lib/libferrocl.so" \
  -cp "$B/lib/ferrocl-bench.jar:$J/classes:$J/junit-4.13.2.jar:$J/hamcrest-core-1.3.jar" \
  dev.ferrocl.tests.MathProof "${1:-10000000}"
PROOF
# The narrowed-math proof (tests' FloatProof, as scripts/float-proof.sh runs it here): (float) Math.sin/cos/tan/exp/log
# of every float, narrowed against the double path: bash .bench-bundle/junit/float-proof.sh [stride] (default 1: all
# 2^32 floats per function; one line per function, exit 1 on a difference).
cat >"$J/float-proof.sh" <<'PROOF'
#!/usr/bin/env bash
B=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$B/junit
LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Xmx8g -Dferrocl.strict=true \
  -Dferrocl.library.path="$B/lib/libferrocl.so" \
  -cp "$B/lib/ferrocl-bench.jar:$J/classes:$J/junit-4.13.2.jar:$J/hamcrest-core-1.3.jar" \
  dev.ferrocl.tests.FloatProof "${1:-1}"
PROOF

# An in-place scale of a float[] larger than one device allocation on PoCL (tests' BigArrayRun), here one launch
# against batches on the GPU: bash .bench-bundle/junit/big-array.sh [N] [REPS] [compare SIZE].
cat >"$J/big-array.sh" <<'BIG'
#!/usr/bin/env bash
B=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$B/junit
LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Xmx${BIG_XMX:-12g} -Dferrocl.strict=true \
  -Dferrocl.library.path="$B/lib/libferrocl.so" \
  -cp "$B/lib/ferrocl-bench.jar:$J/classes:$J/junit-4.13.2.jar:$J/hamcrest-core-1.3.jar" \
  dev.ferrocl.tests.BigArrayRun "${1:-600000000}" "${2:-5}" "${@:3}"
BIG

# The first execute() of a fresh JVM, cold (an empty kernel cache) and warm (tests' FirstExecuteRun, MatMul 256²):
# bash .bench-bundle/junit/first-execute.sh [RUNS] (default 5 of each; one line per JVM).
cat >"$J/first-execute.sh" <<'FIRST'
#!/usr/bin/env bash
B=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
J=$B/junit
dir=$(mktemp -d)
run() {
  LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Dferrocl.strict=true \
    -Dferrocl.library.path="$B/lib/libferrocl.so" -Dferrocl.cache.dir="$1" \
    -cp "$B/lib/ferrocl-bench.jar:$J/classes:$J/junit-4.13.2.jar:$J/hamcrest-core-1.3.jar" \
    dev.ferrocl.tests.FirstExecuteRun | grep '^FIRST'
}
for i in $(seq "${1:-5}"); do echo "cold: $(run "$dir/cold-$i")"; done
for i in $(seq "${1:-5}"); do echo "warm: $(run "$dir/cold-1")"; done
rm -rf "$dir"
FIRST

# The multi-device run (bench-java's MultiDeviceRun: MatMul 8192², N-body 262,144, Mandelbrot 8192², a map over
# 2 x 4 GiB; one GPU, then split across two GPUs, then a GPU and the CPU device), results compared bit for bit with
# the one-GPU run and with the JVM on samples: bash .bench-bundle/multi.sh [REPS] -> $OUT/multi.jsonl, multi.log.
# MULTI_SCALE scales every size (default 1), MULTI_ONLY picks workloads (matmul,nbody,mandelbrot,map).
cat >"$B/multi.sh" <<'MULTI'
#!/usr/bin/env bash
B=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
lib=$(ls /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 \
  /usr/lib64/libnvidia-opencl.so.1 /usr/local/nvidia/lib64/libnvidia-opencl.so.1 2>/dev/null | head -1)
if [[ -n $lib ]]; then mkdir -p /etc/OpenCL/vendors 2>/dev/null && echo "$lib" >/etc/OpenCL/vendors/nvidia.icd; fi
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=index,name,driver_version,pci.bus_id --format=csv | tee "$OUT/multi-gpus.txt"
LD_PRELOAD=$B/jre/lib/libjsig.so "$B/jre/bin/java" -Xmx${MULTI_XMX:-40g} -Dferrocl.strict=true \
  -Dferrocl.library.path="$B/lib/libferrocl.so" -Dmulti.scale="${MULTI_SCALE:-1}" \
  -Dmulti.only="${MULTI_ONLY:-matmul,nbody,mandelbrot,map}" \
  -cp "$B/lib/ferrocl-bench.jar" dev.ferrocl.bench.MultiDeviceRun "$OUT/multi.jsonl" "${1:-5}" \
  gpu0 gpu0+gpu1 gpu0+cpu 2>&1 | tee "$OUT/multi.log"
MULTI
chmod +x "$B/multi.sh"

size_kib=$(du -sk "$B" | cut -f1)
echo "bundle: $B, $((size_kib / 1024)) MiB ($(du -sh "$B/jre" | cut -f1) runtime, $(du -sh "$B/lib/ferrocl-bench.jar" | cut -f1) jar, $(du -sh "$B/lib/libferrocl.so" | cut -f1) libferrocl.so)"
if ((size_kib > LIMIT_MIB * 1024)); then
  echo "bench-gpu: the bundle is over ${LIMIT_MIB} MiB" >&2
  exit 1
fi
cat <<EOF
Run it on the GPU machine with the device tool:
  run  command: bash .bench-bundle/run.sh      carry: [".bench-bundle"]   timeout_s: 600
       (bash .bench-bundle/race/run.sh: the reduction kernel race, about 20 s; \$OUT/kernel-race.txt;
        bash .bench-bundle/native/run.sh: the bare-OpenCL overhead floor alone, a few s; \$OUT/overhead.txt
        (run.sh runs it too when OverheadBench is selected);
        bash .bench-bundle/junit/run.sh: the strict JUnit suite on the GPU, about 40 s;
        bash .bench-bundle/multi.sh [REPS]: one GPU against two GPUs and GPU + CPU, \$OUT/multi.jsonl;
        bash .bench-bundle/junit/math-proof.sh [N]: StrictMath against the JVM, N inputs per function;
        bash .bench-bundle/junit/float-proof.sh [stride]: narrowed float math over every float;
        bash .bench-bundle/junit/big-array.sh [N] [REPS] [compare SIZE]: a float[] scaled in place, in batches;
        bash .bench-bundle/junit/first-execute.sh [RUNS]: first execute() in fresh JVMs, cold and warm kernel cache)
       (JMH arguments after run.sh select a part, e.g. 'bash .bench-bundle/run.sh VectorAdd -p size=smoke')
Then, here, on the fetched files:
  python3 scripts/bench-report.py <files_at folder>
EOF
