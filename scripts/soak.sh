#!/usr/bin/env bash
# The soak test: 8 threads of mixed schedules on the default OpenCL device for MINUTES (default 10), faults injected
# at random OpenCL calls, every result checked against the JVM, RSS and held device memory required flat.
#   scripts/soak.sh [MINUTES]     exit status 0 when it ends "soak: OK"; prints a line every 10 s
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
cargo build --release -p ferrocl-jni
cd tests && exec gradle --no-daemon -q soak -PskipCargo -Psoak.minutes="${1:-10}"
