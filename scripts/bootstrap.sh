#!/usr/bin/env bash
# Installs what Ferrocl needs to build and test on Debian 12: PoCL (the CPU OpenCL device), the ICD loader
# and headers, clinfo, and Gradle. Idempotent and quiet when everything is already there.
set -euo pipefail

need=()
dpkg_has() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
for pkg in pocl-opencl-icd ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-headers clinfo gradle; do
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
command -v javac >/dev/null || { echo "bootstrap: a JDK 17+ is required" >&2; exit 1; }
