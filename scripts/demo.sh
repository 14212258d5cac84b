#!/usr/bin/env bash
# Ferrocl demo: builds dist/ferrocl.jar (scripts/package.sh), compiles demo/src with plain javac and runs three Java
# methods (int vector add, saxpy, a float polynomial map) on the OpenCL device and on the JVM, checking that the
# results are identical element by element and printing the timings. Exits 1 if any result differs.
#
# The native library is the one inside the jar (no -Dferrocl.library.path). Strict mode is on: a method the
# compiler cannot handle fails the demo instead of silently running on the JVM.
#
#   scripts/demo.sh                  build and run
#   FERROCL_DEVICE=0:1 scripts/demo.sh  pick a device (ids as printed by Devices.list())
#   JAVA_OPTS=-Dferrocl.printKernel=true scripts/demo.sh   also print every kernel as it is compiled
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

bash scripts/package.sh

build="$root/build/demo"
rm -rf "$build"
mkdir -p "$build/classes" "$build/kernels"
mapfile -t sources < <(find demo/src -name '*.java' | LC_ALL=C sort)
javac -g --release 17 -encoding UTF-8 -cp dist/ferrocl.jar -d "$build/classes" "${sources[@]}"

echo "== demo ==" >&2
# ${JAVA_OPTS-} is split on purpose: several options may be given.
# shellcheck disable=SC2086
exec java -Xmx2g -Dferrocl.strict=true ${JAVA_OPTS-} -cp "dist/ferrocl.jar:$build/classes" \
  dev.ferrocl.demo.Demo "$build/kernels"
