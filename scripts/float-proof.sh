#!/usr/bin/env bash
# Narrowed float math on the default OpenCL device: (float) Math.sin/cos/tan/exp/log of a float, the compiler's fast
# narrowed functions, against the double function rounded to float, over every float bit pattern.
#   scripts/float-proof.sh [STRIDE]   every STRIDE-th bit pattern (odd; default 1 = all 2^32, hours on PoCL, seconds
#                                     on a GPU); exit status 0 when every result matched; one line per function
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
cargo build --release -p ferrocl-jni
cd tests && exec gradle --no-daemon -q floatProof -PskipCargo -PfloatProof.stride="${1:-1}"
