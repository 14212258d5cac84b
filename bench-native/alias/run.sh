#!/usr/bin/env bash
# The aliasing reproducer on every OpenCL device of the machine (PoCL first, then NVIDIA once registered).
cd "$(dirname "$0")"
gcc -O1 -I/usr/local/cuda/include -o /tmp/alias alias.c -l:libOpenCL.so.1 || exit 2
for f in ramp ramp_noconst ramp_derived; do
  /tmp/alias $f.cl
  /tmp/alias $f.cl "-DFERROCL_SAME_dst=src"
done
/tmp/alias ramp.cl "-DFERROCL_RESTRICT=restrict"
exit 0
