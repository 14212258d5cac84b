#!/usr/bin/env bash
# The whole Ferrocl check, as CI runs it (.ci/run): bootstrap, rustfmt, clippy, the Rust tests, the release JNI
# library, then the Gradle JUnit suite on the OpenCL device in strict mode: on the JDK that runs Gradle (17), the
# Spark module's tests (Spark 4.2 in local mode), and the suite again compiled by and run on the newest JDK >= 25
# under /usr/lib/jvm when there is one (`gradle test25`; Gradle 4.4's own Test task cannot run on JDK 24+), then the
# JMH benchmarks in smoke mode (`gradle :bench-java:jmhSmoke`), a 2.4 GB array in batches (`gradle :tests:bigArray`),
# the Maven publication with the two consumer examples built from it (scripts/examples.sh) and the linux-aarch64
# library under qemu-user (scripts/aarch64-smoke.sh). Stops at the first failing step with a non-zero status, except
# that the JUnit runs, the JMH smoke run, the big array, the examples and the aarch64 smoke always run. The last "N passed, N failed" line printed is the sum over the JUnit runs (on success it
# is the very last line).
#
# Works on a fresh clone (no target/, no ~/.gradle cache; Gradle fetches JUnit and Spark's jars, about 290 MB, from
# Maven Central once).
# Usage: scripts/test.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/common.sh

start=$SECONDS
step_start=$SECONDS
step() {
  local now=$SECONDS
  if [[ -n ${current_step-} ]]; then
    echo "   (${current_step}: $((now - step_start))s)"
  fi
  current_step=$1
  step_start=$now
  echo
  echo "== $1 =="
}
trap 'rc=$?; if ((rc != 0)); then echo; echo "== FAILED in step: ${current_step-startup} (exit $rc) after $((SECONDS - start))s =="; fi' EXIT

# Strict everywhere: a method that falls back to the JVM fails its test (tests/build.gradle sets it too).
export FERROCL_STRICT=1
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}

step "bootstrap"
bash scripts/bootstrap.sh
cargo --version
java -version 2>&1 | head -n1

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test"
cargo test --workspace

step "cargo build --release -p ferrocl-jni"
cargo build --release -p ferrocl-jni

# The same library for linux-aarch64, with Debian's cross toolchain (.cargo/config.toml names the linker); the jar
# carries both.
step "cargo build --release -p ferrocl-jni --target aarch64-unknown-linux-gnu"
cargo build --release -p ferrocl-jni --target aarch64-unknown-linux-gnu

# Each JUnit run's output is kept to add up its closing "N passed, N failed" line; a failing run does not stop the
# other one.
junit_logs=()
junit_failed=()
run_junit() { # run_junit NAME GRADLE_TASK... (NAME without spaces)
  local log
  log=$(mktemp "${TMPDIR:-/tmp}/ferrocl-junit.XXXXXX")
  junit_logs+=("$1=$log")
  if ! gradle --no-daemon --console=plain "${@:2}" -PskipCargo 2>&1 | tee "$log"; then
    junit_failed+=("$1")
  fi
}

step "gradle test (JUnit, strict, OpenCL device)"
# cleanTest: Gradle would skip an up-to-date suite, and the suite must run every time.
run_junit test :tests:cleanTest :tests:test

# Every execution whose shape allows it in overlapped batches (FERROCL_OVERLAP=force; on a GPU the runtime chooses it
# for large, short work): OverlapRuns and five whole suites, against the JVM.
step "gradle :tests:testOverlap (JUnit, strict, transfers overlapped with kernels, OpenCL device)"
run_junit overlap :tests:cleanTestOverlap :tests:testOverlap

# Ferrocl inside Apache Spark 4.2 (local[2], strict, the same device): the spark module's own tests.
step "gradle :spark:test (Spark local mode, strict, OpenCL device)"
run_junit spark :spark:cleanTest :spark:test

# The same lookup as tests/build.gradle: FERROCL_JDK25, else the newest JDK of version >= 25 under /usr/lib/jvm.
jdk25=$(newest_jdk25)
if [[ -n $jdk25 ]]; then
  step "gradle test25 (JUnit, strict, OpenCL device, compiled by and run on $jdk25)"
  run_junit test25 test25
else
  echo "no JDK 25 or later under /usr/lib/jvm (or FERROCL_JDK25): gradle test25 skipped"
fi

# Every JMH benchmark and variant once at its smoke size on the default device (PoCL in CI), strict, each variant's
# result checked against Java in its setup before it is timed (bench-java/README.md). A failure here fails test.sh
# after the JUnit summary below.
step "JMH smoke (PoCL)"
smoke_failed=""
if ! gradle --no-daemon --console=plain :bench-java:jmhSmoke -PskipCargo; then
  smoke_failed="JMH smoke"
  echo "JMH smoke: FAILED (see above)"
fi

# An array larger than the device's largest allocation (2.4 GB float[], PoCL sized to 6 GiB so that its largest
# allocation is 2 GiB), scaled in place in batches, every element checked against the JVM (tests/build.gradle).
step "big array in batches (2.4 GB, strict, against the JVM)"
if ! gradle --no-daemon --console=plain -q :tests:bigArray -PskipCargo; then
  smoke_failed="${smoke_failed:+$smoke_failed, }big array"
  echo "big array: FAILED (see above)"
fi

# dev.ferrocl:ferrocl published (build/repo and ~/.m2), then examples/gradle and examples/maven built from those
# coordinates and run on JDK 17 and JDK 25, every pixel checked against the JVM.
step "publish + consumer examples (Gradle, Maven)"
if ! SKIP_CARGO=1 bash scripts/examples.sh; then
  smoke_failed="${smoke_failed:+$smoke_failed, }examples"
  echo "examples: FAILED (see above)"
fi

# The published jar's aarch64 library under qemu-user with Debian's arm64 JDK and PoCL.
step "linux-aarch64 library under qemu-user (arm64 JDK 17 + PoCL)"
if ! bash scripts/aarch64-smoke.sh; then
  smoke_failed="${smoke_failed:+$smoke_failed, }aarch64 smoke"
  echo "aarch64 smoke: FAILED (see above)"
fi

step "JUnit summary"
passed=0
failed=0
for entry in "${junit_logs[@]}"; do
  name=${entry%%=*}
  log=${entry#*=}
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1 || true)
  rm -f "$log"
  if [[ -z $line ]]; then
    echo "$name: no \"N passed, N failed\" line (the run did not get to its tests)"
    [[ " ${junit_failed[*]-} " == *" $name "* ]] || junit_failed+=("$name")
    continue
  fi
  echo "$name: $line"
  passed=$((passed + $(sed -E 's/^([0-9]+) passed.*/\1/' <<<"$line")))
  failed=$((failed + $(sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/' <<<"$line")))
done
if ((${#junit_failed[@]} > 0)) || [[ -n $smoke_failed ]]; then
  current_step=""
  if ((${#junit_failed[@]} > 0)); then
    current_step="JUnit (${junit_failed[*]})"
  fi
  if [[ -n $smoke_failed ]]; then
    current_step="${current_step:+$current_step, }$smoke_failed"
  fi
  echo "$passed passed, $failed failed"
  exit 1
fi

step "done"
echo "test.sh: every step succeeded in $((SECONDS - start))s"
current_step=""
echo "$passed passed, $failed failed"
