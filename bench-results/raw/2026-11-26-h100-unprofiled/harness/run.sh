#!/usr/bin/env bash
# experiment: execute() overhead by wait mode (FERROCL_X_WAIT existed only in the build under test)
B=$(cd "$(dirname "$0")/.." && pwd)
J="$B/jre/bin/java -Dferrocl.library.path=$B/lib/libferrocl.so -Dferrocl.strict=true -cp $B/lib/ferrocl-bench.jar:$B/x"
for round in 1 2; do
for n in 256 4096; do
  for mode in marker event eventonly; do
    FERROCL_X_WAIT=$mode $J Ovh $n ${ITERS:-20000} "$mode" || echo "FAILED $mode $n"
  done
done
done
