#!/usr/bin/env bash
# StrictMath on the default OpenCL device against the JVM, bit for bit: every transcendental StrictMath method
# over N inputs per function (default 10^7), and Math's semi-monotonicity on runs of consecutive doubles.
#   scripts/math-proof.sh [N]        exit status 0 when everything matched; one line per function
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/bootstrap.sh
cargo build --release -p ferrocl-jni
cd tests && exec gradle --no-daemon -q mathProof -PskipCargo -PmathProof.n="${1:-10000000}"
