#!/usr/bin/env bash
# The choice-load reproducer on every OpenCL device of the machine, with each build the host may choose,
# and variants of the kernel that tell which part of it the NVIDIA compiler gets wrong.
cd "$(dirname "$0")"
gcc -O1 -I/usr/local/cuda/include -o /tmp/choice choice.c -l:libOpenCL.so.1 || exit 2
/tmp/choice choice.cl
CHOICE_BINARY=${OUT:-/tmp}/choice-restrict.ptx /tmp/choice choice.cl "-DFERROCL_RESTRICT=restrict"
CHOICE_BINARY=${OUT:-/tmp}/choice-plain.ptx /tmp/choice choice.cl
/tmp/choice choice.cl "-DFERROCL_RESTRICT=restrict -DFERROCL_CONST=const"
/tmp/choice choice.cl "-DFERROCL_CONST=const"
for f in k*.cl; do /tmp/choice $f "-DFERROCL_RESTRICT=restrict"; done
exit 0
