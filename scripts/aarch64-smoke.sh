#!/usr/bin/env bash
# Runs the linux-aarch64 build of libferrocl.so for real, under emulation: Debian's arm64 OpenJDK 17 and arm64 PoCL
# (with its LLVM) unpacked into build/aarch64-root, entered with chroot and run by qemu-user
# (qemu-aarch64-static), executing tests/aarch64/Aarch64Smoke.java against the jar's aarch64 library: every result
# compared with the arm64 JVM's own, every task on the device (strict), one JVM exception through the device path.
#
# Two things make it work without binfmt_misc (which a container does not have): the chroot gives PoCL the paths it
# computes from its own location, and PoCL's final link of each kernel (it runs `ld`) uses Debian's x86-64 cross
# linker for aarch64, copied into the root with its x86-64 libraries, which the host kernel runs natively.
# Needs root (chroot, and bind mounts of /proc and /sys in a private mount namespace that ends with the run);
# without root it says so and exits 0. Packages come from Debian's arm64 archive (about 115 MB, kept in
# build/aarch64-debs); scripts/bootstrap.sh installs qemu-user-static and the cross toolchain.
# Usage: scripts/aarch64-smoke.sh [ferrocl.jar]   (default: the jar `gradle :java-api:publish` wrote to build/repo)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$(pwd)
source scripts/common.sh
version=$(ferrocl_version)
jar=$(realpath "${1:-build/repo/dev/ferrocl/ferrocl/$version/ferrocl-$version.jar}")
[[ -f $jar ]] || { echo "aarch64 smoke: $jar does not exist (run gradle :java-api:publish)" >&2; exit 1; }
listing=$(unzip -l "$jar")
grep -q 'native/linux-aarch64/libferrocl.so' <<<"$listing" \
  || { echo "aarch64 smoke: $jar carries no native/linux-aarch64/libferrocl.so" >&2; exit 1; }

if [[ $(id -u) -ne 0 ]]; then
  if sudo -n true 2>/dev/null; then
    exec sudo -n --preserve-env=PATH bash "$0" "$jar"
  fi
  echo "aarch64 smoke: SKIPPED (needs root for chroot and bind mounts; not root and no password-less sudo)"
  exit 0
fi
command -v qemu-aarch64-static >/dev/null || { echo "aarch64 smoke: qemu-aarch64-static missing (bootstrap)" >&2; exit 1; }
command -v aarch64-linux-gnu-ld.bfd >/dev/null || { echo "aarch64 smoke: aarch64-linux-gnu-ld.bfd missing (bootstrap)" >&2; exit 1; }

root="$repo/build/aarch64-root"
debs="$repo/build/aarch64-debs"
packages=(libc6 libgcc-s1 libstdc++6 zlib1g libcrypt1 openjdk-17-jre-headless
  pocl-opencl-icd libpocl2 ocl-icd-libopencl1 libhwloc15 libudev1
  libllvm15 libclang-cpp15 libclang1-15 libclang-common-15-dev clang-15 libffi8 libedit2 libz3-4 libtinfo6 libxml2
  libicu72 liblzma5 libzstd1 libbsd0 libmd0 libc6-dev libgcc-12-dev linux-libc-dev libcrypt-dev)

if [[ ! -f $root/.complete ]]; then
  dpkg --print-foreign-architectures | grep -qx arm64 || dpkg --add-architecture arm64
  if ! apt-cache show libc6:arm64 >/dev/null 2>&1; then
    apt-get update -qq >/dev/null
  fi
  rm -rf "$root"
  mkdir -p "$debs" "$root"
  (cd "$debs" && apt-get download -qq $(printf '%s:arm64 ' "${packages[@]}") libpocl2-common 2>&1 \
    | grep -v 'Download is performed unsandboxed' || true)
  for deb in "$debs"/*.deb; do
    dpkg-deb -x "$deb" "$root"
  done
  [[ -x $root/usr/lib/jvm/java-17-openjdk-arm64/bin/java ]] || { echo "aarch64 smoke: the arm64 JDK did not unpack" >&2; exit 1; }
  # PoCL links each kernel with `ld`: the x86-64 cross linker, which the host runs natively, with its libraries.
  mkdir -p "$root/lib64" "$root/lib/x86_64-linux-gnu" "$root/proc" "$root/sys" "$root/smoke"
  install -m 1777 -d "$root/tmp"
  cp "$(command -v aarch64-linux-gnu-ld.bfd)" "$root/usr/bin/ld"
  for lib in $(ldd "$(command -v aarch64-linux-gnu-ld.bfd)" | grep -o '/lib[^ ]*'); do
    cp -L "$lib" "$root$lib"
  done
  cp "$(command -v qemu-aarch64-static)" "$root/qemu-aarch64-static"
  touch "$root/.complete"
fi

rm -rf "$root/smoke" "$root/tmp/pocl-cache" "$root/root/.cache" && mkdir -p "$root/smoke" "$root/tmp/pocl-cache"
cp "$jar" "$root/smoke/ferrocl.jar"
javac --release 17 -nowarn -cp "$jar" -d "$root/smoke" tests/aarch64/Aarch64Smoke.java

echo "aarch64 smoke: $(unzip -p "$jar" native/linux-aarch64/libferrocl.so | wc -c) bytes of aarch64 library, qemu $(qemu-aarch64-static --version | head -n1 | awk '{print $3}')"
# A private mount namespace: the bind mounts vanish with it, whatever happens to the run.
unshare --mount --propagation private bash -c '
  set -e
  root=$1
  mount --bind /proc "$root/proc"
  mount --bind /sys "$root/sys"
  # PoCL keeps its kernel cache under $HOME/.cache unless told: a fresh folder in the root, each run. libjsig, as
  # in every JVM the build runs Ferrocl in: LLVM installs signal handlers while PoCL builds a kernel, and without
  # it a JVM thread that faults on purpose meanwhile (a safepoint poll) meets them, and LLVM deletes its
  # temporary files (seen here as "unable to rename temporary ... preproc.cl" in one run of four).
  export POCL_CACHE_DIR=/tmp/pocl-cache HOME=/tmp POCL_KERNEL_CACHE=0
  exec chroot "$root" /qemu-aarch64-static -E LD_PRELOAD=/usr/lib/jvm/java-17-openjdk-arm64/lib/libjsig.so \
    /usr/lib/jvm/java-17-openjdk-arm64/bin/java \
    -Dferrocl.strict=true -Dferrocl.cache=false -cp /smoke/ferrocl.jar:/smoke Aarch64Smoke
' bash "$root"
