#!/usr/bin/env bash
# Rewrites the expected plans of the golden plan tests (engine/src/test/resources/plans/*.plan) from the
# current code; review the diff before committing. Runs from any directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
LEAPFROG_UPDATE_PLANS=1 mvn -B -q -pl engine -am test -Dtest=GoldenPlanTest -Dsurefire.failIfNoSpecifiedTests=false
git status --short engine/src/test/resources/plans
