#!/usr/bin/env bash
# The Leapfrog jars of another commit, for an A/B bench on the GPU machine (scripts/device-run.sh bench-ab):
#   scripts/device-base-jars.sh BASE      -> .device-base/leapfrog-*.jar and .device-base/COMMIT
# BASE is built in a detached worktree under bench/target/ab/base (shared with bench/ab), without installing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
base="$(git rev-parse --short "${1:?usage: scripts/device-base-jars.sh BASE}^{commit}")"
tree="$root/bench/target/ab/base"
if [[ ! -d "$tree" || "$(git -C "$tree" rev-parse --short HEAD 2>/dev/null)" != "$base" ]]; then
    git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    mkdir -p "$(dirname "$tree")"
    git worktree add --detach "$tree" "$base" >/dev/null
fi
(cd "$tree" && mvn -q -B -o package -DskipTests -pl bench,cli -am)
rm -rf .device-base && mkdir -p .device-base
for m in common parser executor planner engine kernels cli bench; do
    cp "$tree/$m/target/leapfrog-$m-"*.jar ".device-base/leapfrog-$m.jar"
done
echo "$base" > .device-base/COMMIT
echo "[device-base-jars] .device-base: $(ls .device-base | wc -l) files, $(du -sh .device-base | cut -f1), commit $base"
