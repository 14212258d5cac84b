#!/usr/bin/env bash
# Publishes Ferrocl as dev.ferrocl:ferrocl:<version> (`gradle :java-api:publish` to build/repo, and
# `publishToMavenLocal`), checks what was published, then builds and runs the two consumer projects, which know
# only those coordinates: examples/gradle (a Mandelbrot PNG) with Gradle and examples/maven (a PNG blur) with Maven.
# Each program checks every pixel against the JVM and exits non-zero on a difference. Each runs on the JDK that
# runs the build (17) and, when there is one, on the newest JDK >= 25 under /usr/lib/jvm (or $FERROCL_JDK25),
# where no native-access warning may appear. Set SKIP_CARGO=1 when target/ already holds the native libraries
# (scripts/test.sh does). Usage: scripts/examples.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
source scripts/common.sh
version=$(ferrocl_version)

echo "== gradle :java-api:publish :java-api:publishToMavenLocal (dev.ferrocl:ferrocl:$version) =="
gradle --no-daemon -q --console=plain :java-api:publish :java-api:publishToMavenLocal ${SKIP_CARGO:+-PskipCargo}

fail() { echo "examples: $*" >&2; exit 1; }
published="build/repo/dev/ferrocl/ferrocl/$version"
for f in "ferrocl-$version.jar" "ferrocl-$version-sources.jar" "ferrocl-$version-javadoc.jar" "ferrocl-$version.pom"; do
  [[ -s $published/$f ]] || fail "$published/$f was not published"
  [[ $(sha1sum <"$published/$f" | cut -d' ' -f1) == $(cat "$published/$f.sha1") ]] || fail "$f.sha1 does not match"
  [[ -s $HOME/.m2/repository/dev/ferrocl/ferrocl/$version/$f ]] || fail "$f is not in the local Maven repository"
done
listing=$(unzip -l "$published/ferrocl-$version.jar")
for entry in native/linux-x86_64/libferrocl.so native/linux-aarch64/libferrocl.so dev/ferrocl/api/TaskSchedule.class; do
  grep -q " $entry\$" <<<"$listing" || fail "the jar has no $entry"
done
# (Listings into variables first: `unzip | grep -q` under pipefail fails when grep stops reading early.)
sources=$(unzip -l "$published/ferrocl-$version-sources.jar")
grep -q ' dev/ferrocl/api/TaskSchedule.java$' <<<"$sources" || fail "the sources jar has no TaskSchedule.java"
javadoc=$(unzip -l "$published/ferrocl-$version-javadoc.jar")
grep -q ' dev/ferrocl/api/TaskSchedule.html$' <<<"$javadoc" || fail "the javadoc jar has no TaskSchedule.html"
pom="$published/ferrocl-$version.pom"
for element in '<name>Ferrocl</name>' '<description>' '<licenses>' '<name>Apache-2.0</name>' '<developers>'; do
  grep -q "$element" "$pom" || fail "the pom has no $element"
done
! grep -q '<dependency>' "$pom" || fail "the pom declares dependencies (it should have none): $(cat "$pom")"
echo "published: $(ls "$published" | grep -vc '\.\(md5\|sha1\)$') files in $published and ~/.m2, both native libraries in the jar"

jdk25=$(newest_jdk25)

# run_checked LABEL PNG COMMAND...: runs the command, shows its output, fails on a non-zero status, on a JVM
# warning about native access, or when PNG is not a PNG afterwards.
run_checked() {
  local label=$1 png=$2 log
  shift 2
  log=$(mktemp "${TMPDIR:-/tmp}/ferrocl-example.XXXXXX")
  rm -f "$png"
  if ! "$@" >"$log" 2>&1; then
    cat "$log"
    rm -f "$log"
    fail "$label failed"
  fi
  cat "$log"
  if grep -qi 'restricted method\|enable-native-access' "$log"; then
    rm -f "$log"
    fail "$label: the JVM warned about native access"
  fi
  rm -f "$log"
  [[ $(head -c 8 "$png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "$label: $png is not a PNG"
  echo "$label: ok ($(stat -c %s "$png") bytes of PNG)"
}

echo
echo "== examples/gradle: gradle installDist, then the program =="
(cd examples/gradle && gradle --no-daemon -q --console=plain clean installDist -PferroclVersion="$version")
app="$root/examples/gradle/build/install/mandelbrot/bin/mandelbrot"
png="$root/examples/gradle/build/mandelbrot.png"
run_checked "gradle example on $(java -version 2>&1 | head -n1)" "$png" "$app" "$png" 1024 768
if [[ -n $jdk25 ]]; then
  run_checked "gradle example on $jdk25" "$png" env JAVA_HOME="$jdk25" "$app" "$png" 1024 768
fi

echo
echo "== examples/maven: mvn package exec:exec =="
png="$root/examples/maven/target/blurred.png"
run_checked "maven example on $(java -version 2>&1 | head -n1)" "$png" \
  mvn -B -q -Dstyle.color=never -f examples/maven/pom.xml -Dferrocl.version="$version" clean package exec:exec
if [[ -n $jdk25 ]]; then
  # Maven 3.8 itself warns on JDK 24+ (sun.misc.Unsafe in its Guava); only a native-access warning fails.
  run_checked "maven example on $jdk25" "$png" \
    env JAVA_HOME="$jdk25" mvn -B -q -Dstyle.color=never -f examples/maven/pom.xml -Dferrocl.version="$version" exec:exec
fi
echo
echo "examples: both consumer projects built from the published coordinates and matched the JVM"
