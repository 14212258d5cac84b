#!/usr/bin/env bash
# Builds the distributable Ferrocl artifacts:
#   dist/ferrocl.jar      the Java API (dev.ferrocl.api) with the native libraries inside, at
#                         native/linux-x86_64/libferrocl.so and native/linux-aarch64/libferrocl.so (NativeLoader
#                         extracts and loads the one for the JVM's platform)
#   dist/libferrocl.so    the linux-x86_64 library, for -Dferrocl.library.path or java.library.path
#   dist/linux-aarch64/libferrocl.so   the linux-aarch64 one
#
# Steps: scripts/bootstrap.sh, `cargo build --release -p ferrocl-jni` for this machine and, cross-built with Debian's
# gcc-aarch64-linux-gnu (.cargo/config.toml), for aarch64-unknown-linux-gnu, then javac + jar straight from
# java-api/src/main (no Gradle: nothing to resolve, no daemon, no shared Gradle state with other builds). The Maven
# artifacts (with sources and Javadoc) come from `gradle :java-api:publish` instead (README, "Maven coordinates").
# Idempotent; works from any directory. Usage: scripts/package.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)

bash scripts/bootstrap.sh

echo "== cargo build --release -p ferrocl-jni ==" >&2
cargo build --release -p ferrocl-jni
lib="$root/target/release/libferrocl.so"
[[ -f $lib ]] || { echo "package: $lib was not built" >&2; exit 1; }
# The aarch64 library when the cross toolchain is there (bootstrap installs it); without it the jar carries the
# x86-64 library only, and says so (scripts/test.sh requires both in the published jar).
lib_aarch64="$root/target/aarch64-unknown-linux-gnu/release/libferrocl.so"
if command -v aarch64-linux-gnu-gcc >/dev/null && rustup target list --installed 2>/dev/null | grep -qx aarch64-unknown-linux-gnu; then
  echo "== cargo build --release -p ferrocl-jni --target aarch64-unknown-linux-gnu ==" >&2
  cargo build --release -p ferrocl-jni --target aarch64-unknown-linux-gnu
  [[ -f $lib_aarch64 ]] || { echo "package: $lib_aarch64 was not built" >&2; exit 1; }
else
  echo "package: no aarch64 cross toolchain (aarch64-linux-gnu-gcc and rustup's target): linux-x86_64 only" >&2
  lib_aarch64=""
fi

echo "== java-api jar ==" >&2
source scripts/common.sh
version=$(ferrocl_version)

work="$root/build/package"
rm -rf "$work"
mkdir -p "$work/classes/native/linux-x86_64" "$root/dist"

mapfile -t sources < <(find java-api/src/main/java -name '*.java' | LC_ALL=C sort)
((${#sources[@]})) || { echo "package: no sources under java-api/src/main/java" >&2; exit 1; }
javac --release 17 -encoding UTF-8 -nowarn -d "$work/classes" "${sources[@]}"
if [[ -d java-api/src/main/resources ]]; then
  cp -R java-api/src/main/resources/. "$work/classes/"
fi
cp "$lib" "$work/classes/native/linux-x86_64/libferrocl.so"
if [[ -n $lib_aarch64 ]]; then
  mkdir -p "$work/classes/native/linux-aarch64"
  cp "$lib_aarch64" "$work/classes/native/linux-aarch64/libferrocl.so"
fi

cat >"$work/MANIFEST.MF" <<EOF
Automatic-Module-Name: dev.ferrocl.api
Implementation-Title: Ferrocl Java API
Implementation-Version: $version
EOF

# Build next to the destination, then rename: a JVM still reading an older dist/ferrocl.jar keeps its copy.
jar --create --file "$work/ferrocl.jar" --manifest "$work/MANIFEST.MF" -C "$work/classes" .
entries=(native/linux-x86_64/libferrocl.so dev/ferrocl/api/TaskSchedule.class)
[[ -n $lib_aarch64 ]] && entries+=(native/linux-aarch64/libferrocl.so)
listing=$(jar --list --file "$work/ferrocl.jar")
for entry in "${entries[@]}"; do
  grep -qx "$entry" <<<"$listing" || { echo "package: $entry missing from the jar" >&2; exit 1; }
done
cp "$work/ferrocl.jar" dist/.ferrocl.jar.tmp && mv -f dist/.ferrocl.jar.tmp dist/ferrocl.jar
cp "$lib" dist/.libferrocl.so.tmp && mv -f dist/.libferrocl.so.tmp dist/libferrocl.so
outputs=(dist/ferrocl.jar dist/libferrocl.so)
if [[ -n $lib_aarch64 ]]; then
  mkdir -p dist/linux-aarch64
  cp "$lib_aarch64" dist/linux-aarch64/.libferrocl.so.tmp && mv -f dist/linux-aarch64/.libferrocl.so.tmp dist/linux-aarch64/libferrocl.so
  outputs+=(dist/linux-aarch64/libferrocl.so)
fi

for f in "${outputs[@]}"; do
  printf '%s  %s bytes\n' "$root/$f" "$(stat -c %s "$f")"
done
