#!/usr/bin/env bash
B=$(cd "$(dirname "$0")/.." && pwd)
J="$B/jre/bin/java -Dferrocl.library.path=$B/lib/libferrocl.so -Dferrocl.strict=true -cp $B/lib/ferrocl-bench.jar:$B/x"
for n in 512 1024; do
  $J dev.ferrocl.bench.GemmX $n 300 true aparapi
  $J dev.ferrocl.bench.GemmX $n 300 false
  FERROCL_PIN_HOST=0 $J dev.ferrocl.bench.GemmX $n 300 false
done
