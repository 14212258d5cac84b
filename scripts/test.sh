#!/usr/bin/env bash
# The whole Ferrocl check, as CI runs it (.ci/run): bootstrap, rustfmt, clippy, the Rust tests, the release JNI
# library, then the Gradle JUnit suite on the OpenCL device in strict mode. Stops at the first failing step with a
# non-zero status. The last "N passed, N failed" line printed is the Gradle suite's.
#
# Works on a fresh clone (no target/, no ~/.gradle cache; Gradle fetches JUnit from Maven Central once).
# Usage: scripts/test.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

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

step "gradle test (JUnit, strict, OpenCL device)"
gradle --no-daemon --console=plain test -PskipCargo

step "done"
echo "test.sh: every step succeeded in $((SECONDS - start))s"
current_step=""
