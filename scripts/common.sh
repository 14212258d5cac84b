# Shared by the scripts (sourced, from the repository root): small lookups several of them need.

# The project's version, from the root build.gradle (`version = '0.1.0'`).
ferrocl_version() {
  local v
  v=$(sed -n "s/^ *version *= *'\([^']*\)'.*/\1/p" build.gradle | head -n1)
  echo "${v:-0.1.0}"
}

# The JDK tests/build.gradle's test25 uses: $FERROCL_JDK25, else the newest JDK of version >= 25 under /usr/lib/jvm
# (one with javac and java); prints nothing when there is none.
newest_jdk25() {
  local home version found=""
  for home in ${FERROCL_JDK25:-/usr/lib/jvm/*}; do
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release" 2>/dev/null || true)
    if [[ -n $version && $version -ge 25 && -x $home/bin/javac && -x $home/bin/java ]]; then
      found="$home"
    fi
  done
  echo "$found"
}
