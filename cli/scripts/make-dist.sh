#!/usr/bin/env bash
# Makes the self-contained Leapfrog bundle (mvn -Pdist package): a jlink'd Java runtime, the jars, and
# JCuda's driver-API library, so that Leapfrog runs on a machine with an NVIDIA driver and no Java.
#   make-dist.sh CLI_TARGET_DIR REPO_ROOT VERSION
# Writes REPO_ROOT/dist/leapfrog-VERSION/ and REPO_ROOT/dist/leapfrog-VERSION-linux-x86_64.tar.gz.
set -euo pipefail
target="$1"; root="$2"; version="$3"
name="leapfrog-$version"
out="$root/dist/$name"
rm -rf "$out"
mkdir -p "$out/lib" "$out/native" "$out/bin"

# Jars: the cli and its runtime dependencies, except JCuda's natives jar (26 MB of libraries for
# every CUDA component; only libJCudaDriver is needed, and it goes to native/).
cp "$target"/leapfrog-cli-"$version".jar "$out/lib/"
for j in "$target"/lib/*.jar; do
    case "$(basename "$j")" in
        jcuda-natives*) ;;
        *) cp "$j" "$out/lib/" ;;
    esac
done
natives=$(ls "$target"/lib/jcuda-natives*.jar | head -1)
unzip -q -j -o "$natives" 'lib/libJCudaDriver-*' -d "$out/native"

# The Java runtime: only the modules Leapfrog (and Calcite, JLine, DuckDB-free) needs, plus jdk.jfr so a
# run can be profiled with Flight Recorder (-XX:StartFlightRecording) where no JDK is installed.
"${JAVA_HOME:+$JAVA_HOME/bin/}jlink" \
    --add-modules java.base,java.logging,java.sql,java.management,java.naming,jdk.unsupported,java.xml,java.scripting,jdk.zipfs,jdk.jfr \
    --strip-debug --no-header-files --no-man-pages --compress=2 --output "$out/runtime"

cat > "$out/bin/leapfrog" <<'LAUNCHER'
#!/usr/bin/env bash
# The leapfrog command of the self-contained bundle: its own Java runtime, no build step.
set -euo pipefail
script="${BASH_SOURCE[0]}"
while [ -L "$script" ]; do script="$(readlink -f "$script")"; done
home="$(cd "$(dirname "$script")/.." && pwd)"
exec "$home/runtime/bin/java" -Djava.library.path="$home/native" ${LEAPFROG_JAVA_OPTS:-} \
    -cp "$home/lib/*" io.leapfrog.cli.Main "$@"
LAUNCHER
chmod +x "$out/bin/leapfrog"
cp -r "$root/queries" "$out/queries"
cp "$root/README.md" "$out/README.md"
tar -C "$root/dist" -czf "$root/dist/$name-linux-x86_64.tar.gz" "$name"
echo "[dist] $out ($(du -sh "$out" | cut -f1)), $root/dist/$name-linux-x86_64.tar.gz ($(du -h "$root/dist/$name-linux-x86_64.tar.gz" | cut -f1))"
