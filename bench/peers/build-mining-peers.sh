#!/usr/bin/env bash
# Builds the CPU graph-mining peers of the bench from their sources, at the commits
# ../shared/peers/README.md names, into bench/peers-bin (git-ignored):
#   pmc/pmc                      PMC, maximum clique            (ryanrossi/pmc)
#   quick-cliques/qc             maximal cliques               (darrenstrash/quick-cliques)
#   kclist/kClistNodeParallel    k-clique counts               (maxdan94/kClist)
#   fastqc/FastQC, fastqc/maximal  maximal quasi-cliques + its post-filter (KaiqiangYu/SIGMOD24-MQCE)
# The programs are linked statically so that they run on a machine without a compiler or the same
# libraries. Sources come from a git directory per repository: <name>_GIT=DIR (a bare or .git directory
# holding the commit), else a clone of github.com/<owner>/<repo> made under bench/target/peers-src.
#   bench/peers/build-mining-peers.sh [OUT_DIR]      (default OUT_DIR: bench/peers-bin)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(mkdir -p "${1:-$root/bench/peers-bin}" && cd "${1:-$root/bench/peers-bin}" && pwd)"
work="$root/bench/target/peers-src"
mkdir -p "$work"
jobs="$(nproc)"

# sources NAME OWNER/REPO COMMIT GITDIR: a fresh tree of COMMIT in $work/NAME
sources() {
    local name="$1" repo="$2" commit="$3" gitdir="$4"
    if [[ -z "$gitdir" ]]; then
        gitdir="$work/$name.git"
        [[ -d "$gitdir" ]] || git clone --bare --quiet "https://github.com/$repo.git" "$gitdir"
    fi
    rm -rf "${work:?}/$name"
    mkdir -p "$work/$name"
    git --git-dir="$gitdir" archive "$commit" | tar -x -C "$work/$name"
}

echo "building PMC"
sources pmc ryanrossi/pmc 06594a0ee1cde5a04f1679aff28072668da96062 "${PMC_GIT:-}"
# gcc 12 rejects the source under C++11; its link line uses CXX, so -static reaches it.
make -s -C "$work/pmc" -j"$jobs" pmc CXX="g++ -std=gnu++98 -static"
mkdir -p "$out/pmc" && cp "$work/pmc/pmc" "$out/pmc/"

echo "building quick-cliques"
sources quick-cliques darrenstrash/quick-cliques 7f7d0b7d1534a0fefae8e710a8deb9486f597149 "${QUICK_CLIQUES_GIT:-}"
make -s -C "$work/quick-cliques" -j"$jobs" CXX="g++ -static" bin/qc
mkdir -p "$out/quick-cliques" && cp "$work/quick-cliques/bin/qc" "$out/quick-cliques/"

echo "building kClist"
sources kclist maxdan94/kClist 54eb3a23411971fa83ad08022143ab0df5fc6c15 "${KCLIST_GIT:-}"
make -s -C "$work/kclist" kClistNodeParallel CC="gcc -static"
mkdir -p "$out/kclist" && cp "$work/kclist/kClistNodeParallel" "$out/kclist/"

echo "building FastQC and maximal_check"
sources mqce KaiqiangYu/SIGMOD24-MQCE 488af494dcc9fa23093b99d36c639453e7c24ced "${MQCE_GIT:-}"
g++ -static -O3 -o "$work/mqce/code/FastQC/FastQC" "$work/mqce/code/FastQC/main.cpp"
make -s -C "$work/mqce/code/maximal_check" CC="g++ -static"
mkdir -p "$out/fastqc" && cp "$work/mqce/code/FastQC/FastQC" "$work/mqce/code/maximal_check/maximal" "$out/fastqc/"

echo "built into $out:"
(cd "$out" && ls -l pmc/pmc quick-cliques/qc kclist/kClistNodeParallel fastqc/FastQC fastqc/maximal)
