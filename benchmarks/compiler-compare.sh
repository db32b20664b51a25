#!/usr/bin/env bash
# compiler-compare.sh -- the streaming compiler against the in-memory one it replaced (git
# 119707e), side by side in one run: compile speed, memory, and the engine's AES-128 time.
#
# Usage: benchmarks/compiler-compare.sh [--rounds N] [--old-dir DIR] [--big-steps N] [--rows LIST]
#
#   --rounds N      rounds (default 3); each round runs every row once with the old jar and once
#                   with the new, alternating which goes first; the table shows medians
#   --old-dir DIR   where the old jar is built (default /tmp/gcstream-119707e, outside the repo):
#                   `git archive 119707e` unpacked there and `mvn -o -DskipTests -pl cli -am
#                   package` run in it, once
#   --big-steps N   steps of the big program (default 235200: 10^9 ANDs; 0 leaves the row out)
#   --rows LIST     comma-separated rows (default: compile,hamming1m,aes,heap,big)
#                     compile    gc compile lib:NAME -o x.gcb for hamming100000, karatsuba1024,
#                                aes128 (-Xmx4g): wall time of the command (JVM start included),
#                                gates/s, peak RSS; the new one also with -Xmx64m
#                     hamming1m  gc compile lib:hamming1000000 (the DSL's flat popcount, 6·10^6
#                                gates), new jar only
#                                (the old one needs about 70 s and 1.75 GB; --old-hamming1m adds it)
#                     aes        AES-128 per execution: gc run --local --repeat 3000 --warmup 2000
#                                --json lib:aes128, the median of the later runs' total
#                     heap       gc info lib:hamming300000 with -Xmx48m: works or fails
#                     big        BigProgram (benchmarks.jar, written with the DSL) with -Xmx64m, new
#                                only, one round: build and write time, rates, peak heap, spill
#                                disk, .gcb size
#   --old-hamming1m also run the old jar on hamming1000000 (-Xmx4g)
#
# Needs: cli/target/gc.jar and benchmarks/target/benchmarks.jar (mvn -B -pl cli,benchmarks -am
# package -DskipTests), java, git, mvn, /usr/bin/time. Nothing asserts on time: it prints.
# Run it on a quiet machine; the figures of a shared one are noise.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NEW=$ROOT/cli/target/gc.jar
BENCH=$ROOT/benchmarks/target/benchmarks.jar
OLD_COMMIT=119707e
OLD_DIR=/tmp/gcstream-$OLD_COMMIT
ROUNDS=3 BIG=235200 ROWS=compile,hamming1m,aes,heap,big OLD_H1M=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=$2; shift 2 ;;
    --old-dir) OLD_DIR=$2; shift 2 ;;
    --big-steps) BIG=$2; shift 2 ;;
    --rows) ROWS=$2; shift 2 ;;
    --old-hamming1m) OLD_H1M=1; shift ;;
    *) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2 ;;
  esac
done
OLD=$OLD_DIR/cli/target/gc.jar
has() { case ",$ROWS," in *",$1,"*) return 0 ;; esac; return 1; }
[ -f "$NEW" ] || { echo "missing $NEW: mvn -B -pl cli,benchmarks -am package -DskipTests" >&2; exit 2; }
if [ ! -f "$OLD" ]; then
  echo "building the old jar ($OLD_COMMIT) in $OLD_DIR ..." >&2
  mkdir -p "$OLD_DIR" && git -C "$ROOT" archive "$OLD_COMMIT" | tar -x -C "$OLD_DIR" \
    && (cd "$OLD_DIR" && mvn -o -q -B -DskipTests -pl cli -am package) >&2 || { echo "old build failed" >&2; exit 1; }
fi
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# run JAR HEAP ARGS... -> "seconds rssKB status" on stdout, the command's output in $WORK/out
run() {
  local jar=$1 heap=$2; shift 2
  /usr/bin/time -f "%e %M" -o "$WORK/time" java -Xmx"$heap" -jar "$jar" "$@" > "$WORK/out" 2>&1
  local st=$?
  echo "$(cat "$WORK/time" | tail -1) $st"
}

gates_of() { # NAME -> gate count (new jar's gc info --json)
  java -Xmx4g -jar "$NEW" info --json "lib:$1" 2>/dev/null | tr -d ' \n' | grep -o '"gates":[0-9]*' | head -1 | cut -d: -f2
}

declare -A T M
echo "# compiler-compare $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -n), $(nproc) cores, $(java -version 2>&1 | head -1)"
if has compile; then
  for name in hamming100000 karatsuba1024 aes128; do
    g=$(gates_of "$name")
    for r in $(seq 1 "$ROUNDS"); do
      order="old new"; [ $((r % 2)) = 0 ] && order="new old"
      for side in $order; do
        jar=$OLD; [ $side = new ] && jar=$NEW
        read -r s kb st < <(run "$jar" 4g compile "lib:$name" -o "$WORK/x.gcb")
        [ "$st" = 0 ] && { T[$name.$side]+="$s "; M[$name.$side]+="$kb "; } || echo "  $side $name failed: $(tail -1 "$WORK/out")"
      done
      read -r s kb st < <(run "$NEW" 64m compile "lib:$name" -o "$WORK/x.gcb")
      [ "$st" = 0 ] && { T[$name.new64]+="$s "; M[$name.new64]+="$kb "; } || echo "  new -Xmx64m $name failed: $(tail -1 "$WORK/out")"
    done
    echo "$name $g" >> "$WORK/gates"
  done
  echo
  echo "| gc compile lib:NAME | gates | old (4g): s, M gates/s, RSS MB | new (4g) | new (64m) |"
  echo "|---|---|---|---|---|"
  while read -r name g; do
    row="| $name | $g"
    for side in old new new64; do
      s=$(echo ${T[$name.$side]:-} | tr ' ' '\n' | median); kb=$(echo ${M[$name.$side]:-} | tr ' ' '\n' | median)
      [ "$s" = - ] && { row+=" | failed"; continue; }
      row+=" | $s s, $(awk -v g="$g" -v s="$s" 'BEGIN { printf "%.2f", g / s / 1e6 }'), $((kb / 1024)) MB"
    done
    echo "$row |"
  done < "$WORK/gates"
fi
if has hamming1m; then
  g=$(gates_of hamming1000000)
  sides=new; [ "$OLD_H1M" = 1 ] && sides="old new"
  for side in $sides; do
    jar=$OLD; [ $side = new ] && jar=$NEW
    for r in $(seq 1 "$ROUNDS"); do
      read -r s kb st < <(run "$jar" 4g compile lib:hamming1000000 -o "$WORK/x.gcb")
      [ "$st" = 0 ] && echo "hamming1000000 $side round $r: $s s, $(awk -v g="$g" -v s="$s" 'BEGIN { printf "%.2f", g / s / 1e6 }') M gates/s, RSS $((kb / 1024)) MB" \
        || echo "hamming1000000 $side failed: $(tail -1 "$WORK/out")"
    done
  done
fi
if has aes; then
  for r in $(seq 1 "$ROUNDS"); do
    order="old new"; [ $((r % 2)) = 0 ] && order="new old"
    for side in $order; do
      jar=$OLD; [ $side = new ] && jar=$NEW
      java -jar "$jar" run --local --quiet --repeat 3000 --warmup 2000 --json lib:aes128 \
        --creator-input 0x2b7e151628aed2a6abf7158809cf4f3c --evaluator-input 0x3243f6a8885a308d313198a2e0370734 \
        > "$WORK/aes.json" 2>/dev/null
      ms=$(tr -d ' \n' < "$WORK/aes.json" | grep -o '"medianOfLaterRuns":{[^}]*}' | head -1 | sed -n 's/.*"total":\([0-9.]*\).*/\1/p')
      T[aes.$side]+="${ms:-} "
    done
  done
  echo
  echo "AES-128 per execution (median of later runs, ms): old $(echo ${T[aes.old]} | tr ' ' '\n' | median) [${T[aes.old]}], new $(echo ${T[aes.new]} | tr ' ' '\n' | median) [${T[aes.new]}]"
fi
if has heap; then
  for side in old new; do
    jar=$OLD; [ $side = new ] && jar=$NEW
    read -r s kb st < <(run "$jar" 48m info lib:hamming300000)
    echo "gc info lib:hamming300000 -Xmx48m, $side: $([ "$st" = 0 ] && echo "works ($s s, RSS $((kb / 1024)) MB)" || echo "fails: $(tail -1 "$WORK/out" | cut -c1-80)")"
  done
fi
if has big && [ "$BIG" != 0 ]; then
  echo
  echo "big program, $BIG steps, -Xmx64m (spill and .gcb in $WORK):"
  /usr/bin/time -f "  %e s wall, peak RSS %M KB" java -Xmx64m -Djava.io.tmpdir="$WORK" -cp "$BENCH" \
    io.gcstream.benchmarks.BigProgram --steps "$BIG" -o "$WORK/big.gcb" 2>&1
fi
