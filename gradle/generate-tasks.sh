#!/usr/bin/env bash
# Generates the functional interfaces Task1..Task15 and the matching TaskSchedule.task(...) overloads (the region
# between the BEGIN/END GENERATED markers in TaskSchedule.java). The output is committed; rerun after changing this.
#   bash gradle/generate-tasks.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dir=java-api/src/main/java/dev/ferrocl/api
max=15

ordinal() {
  local w=(zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth \
    fourteenth fifteenth)
  echo "${w[$1]}"
}
join() { local out="$1"; shift; for x in "$@"; do out+=", $x"; done; echo "$out"; }

overloads=$(mktemp)
trap 'rm -f "$overloads"' EXIT

for ((n = 1; n <= max; n++)); do
  types=(); params=(); names=(); type_docs=""; apply_docs=""; method_docs=""
  for ((i = 1; i <= n; i++)); do
    types+=("T$i"); params+=("T$i a$i"); names+=("a$i")
    type_docs+="
 * @param <T$i> the type of the $(ordinal "$i") argument"
    apply_docs+="
     * @param a$i the $(ordinal "$i") argument"
    method_docs+="
     * @param <T$i> the type of the $(ordinal "$i") argument
     * @param a$i the $(ordinal "$i") argument"
  done
  tlist=$(join "${types[@]}"); plist=$(join "${params[@]}"); alist=$(join "${names[@]}")
  if ((n == 1)); then what="one argument"; else what="$n arguments"; fi

  cat > "$dir/Task$n.java" <<JAVA
package dev.ferrocl.api;

/**
 * A task of $what: a method reference (or lambda) given to {@link TaskSchedule}, such as
 * {@code Kernels::compute}. It is serializable so that Ferrocl can find the method behind it.
 *${type_docs}
 */
@FunctionalInterface
public interface Task$n<$tlist> extends java.io.Serializable {
    /**
     * Runs the task on the JVM.
     *${apply_docs}
     */
    void apply($plist);
}
JAVA

  cat >> "$overloads" <<JAVA

    /**
     * Adds a task that calls {@code code} with $what.
     *
     * @param id   the task's id, unique within this schedule
     * @param code the method to run: a method reference or lambda${method_docs}
     * @return this schedule
     * @throws NullPointerException     if id or code is null
     * @throws IllegalArgumentException if the schedule already has a task with this id
     * @throws IllegalStateException    if the schedule is closed
     */
    public synchronized <$tlist> TaskSchedule task(String id, Task$n<$tlist> code, $plist) {
        Objects.requireNonNull(code, "code");
        return add(id, code, () -> code.apply($alist), new Object[] {$alist});
    }
JAVA
done

file=$dir/TaskSchedule.java
begin='    // BEGIN GENERATED task overloads (gradle/generate-tasks.sh)'
end='    // END GENERATED task overloads'
grep -qxF "$begin" "$file" && grep -qxF "$end" "$file" || { echo "markers missing in $file" >&2; exit 1; }
awk -v begin="$begin" -v end="$end" -v gen="$overloads" '
  $0 == begin { print; while ((getline line < gen) > 0) print line; skip = 1; next }
  $0 == end { print ""; skip = 0 }
  !skip { print }
' "$file" > "$file.tmp"
mv "$file.tmp" "$file"
echo "generated Task1..Task$max and $max TaskSchedule.task overloads"
