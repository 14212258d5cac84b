#!/usr/bin/env bash
# Installs what Ferrocl needs to build and test on Debian 12: PoCL (the CPU OpenCL device), the ICD loader
# and headers, clinfo, Gradle and Maven (the consumer examples), and for the linux-aarch64 library Debian's cross
# toolchain, qemu-user (its smoke test) and rustup's aarch64-unknown-linux-gnu target. Idempotent and quiet when
# everything is already there.
set -euo pipefail

need=()
dpkg_has() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
for pkg in pocl-opencl-icd ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-headers clinfo gradle maven \
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static; do
  dpkg_has "$pkg" || need+=("$pkg")
done

if ((${#need[@]})); then
  echo "bootstrap: installing ${need[*]}" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq >/dev/null
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

command -v cargo >/dev/null || { echo "bootstrap: cargo (Rust) is required" >&2; exit 1; }
if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx aarch64-unknown-linux-gnu; then
  echo "bootstrap: rustup target add aarch64-unknown-linux-gnu" >&2
  # Not fatal here (the demo needs only this machine's library); scripts/test.sh's cross build fails without it.
  rustup target add aarch64-unknown-linux-gnu >/dev/null \
    || echo "bootstrap: warning: rustup could not add aarch64-unknown-linux-gnu (no linux-aarch64 library)" >&2
fi
command -v javac >/dev/null || { echo "bootstrap: a JDK 17+ is required" >&2; exit 1; }
