#!/usr/bin/env bash
# Ferrocl demo: builds dist/ferrocl.jar (scripts/package.sh), compiles demo/src with plain javac and runs four Java
# methods (int vector add, saxpy, a float polynomial map: memory bound; Mandelbrot 1024x1024, a 2-D nest with a
# loop per pixel: compute bound) on the OpenCL device and on the JVM, checking that the results are identical
# element by element and printing the timings (end to end, and the kernel alone). Exits 1 if any result differs.
#
# The native library is the one inside the jar (no -Dferrocl.library.path). Strict mode is on: a method the
# compiler cannot handle fails the demo instead of silently running on the JVM.
#
#   scripts/demo.sh                  build and run
#   SKIP_CARGO=1 scripts/demo.sh     no cargo build: a jar of java-api's sources and target/release/libferrocl.so as
#                                    it is (build/demo/ferrocl.jar, packed as package.sh packs dist/ferrocl.jar)
#   FERROCL_DEVICE=0:1 scripts/demo.sh  pick a device (ids as printed by Devices.list())
#   JAVA_OPTS=-Dferrocl.printKernel=true scripts/demo.sh   also print every kernel as it is compiled
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

build="$root/build/demo"
rm -rf "$build"
mkdir -p "$build/classes" "$build/kernels"

if [[ ${SKIP_CARGO:-0} == 1 ]]; then
  lib="$root/target/release/libferrocl.so"
  [[ -f $lib ]] || { echo "demo: $lib not found (cargo build --release -p ferrocl-jni, or run without SKIP_CARGO)" >&2; exit 1; }
  echo "== java-api jar (SKIP_CARGO=1: $lib as it is) ==" >&2
  mkdir -p "$build/api/native/linux-x86_64"
  mapfile -t api < <(find java-api/src/main/java -name '*.java' | LC_ALL=C sort)
  javac --release 17 -encoding UTF-8 -nowarn -d "$build/api" "${api[@]}"
  if [[ -d java-api/src/main/resources ]]; then cp -R java-api/src/main/resources/. "$build/api/"; fi
  cp "$lib" "$build/api/native/linux-x86_64/libferrocl.so"
  jar --create --file "$build/ferrocl.jar" -C "$build/api" .
  jarfile="$build/ferrocl.jar"
else
  bash scripts/package.sh
  jarfile=dist/ferrocl.jar
fi

mapfile -t sources < <(find demo/src -name '*.java' | LC_ALL=C sort)
javac -g --release 17 -encoding UTF-8 -cp "$jarfile" -d "$build/classes" "${sources[@]}"

echo "== demo ==" >&2
# ${JAVA_OPTS-} is split on purpose: several options may be given.
# shellcheck disable=SC2086
exec java -Xmx2g -Dferrocl.strict=true ${JAVA_OPTS-} -cp "$jarfile:$build/classes" \
  dev.ferrocl.demo.Demo "$build/kernels"
