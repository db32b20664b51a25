#!/usr/bin/env bash
# cold-pairs.sh -- fresh gc run process pairs (lib:aes128, N executions each), variants alternated
# in one run: wall time of the pair and CPU time (user + system) of each process, medians.
#
# Usage: benchmarks/cold-pairs.sh [--rounds R] [--n LIST] [--json] VARIANT...
#
#   VARIANT      LAUNCHER[::JAVA_OPTS[::ARGS]]: a gc launcher (this repository's ./gc, another
#                checkout's, or any script that runs gc), the JVM options it gets as GC_JAVA_OPTS,
#                and extra gc run arguments, e.g. ./gc  ./gc::-XX:TieredStopAtLevel=1
#                /other/checkout/gc  ./gc::::--read-poll 0
#   --rounds R   rounds (default 5); each round runs every variant once per N, in the order given
#   --n LIST     comma-separated N (default 1,10,100,1000)
#   --json       both parties with --json (default: without, as users run gc)
#
# Why CPU time: both processes share the machine's cores, so on a 2-core machine the CPU a
# pair uses decides its wall time, and CPU time moves far less than wall time on a busy
# machine; compare variants measured in the same run. Prints one line per variant and N.
# Needs GNU time (/usr/bin/time), ss and python3. Env: PORTS=LOW-HIGH (default 20000-39999).
set -uo pipefail

ROUNDS=5 NS=1,10,100,1000 JSON=
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
die() { echo "cold-pairs: $*" >&2; exit 2; }
VARIANTS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=${2:-}; shift 2 ;;
    --n) NS=${2:-}; shift 2 ;;
    --json) JSON=--json; shift ;;
    -h|--help) usage ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) VARIANTS+=("$1"); shift ;;
  esac
done
[ ${#VARIANTS[@]} -gt 0 ] || die "give at least one variant (see --help)"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive whole number, got '$ROUNDS'"
[ -x /usr/bin/time ] || die "needs GNU time at /usr/bin/time"
command -v python3 >/dev/null || die "needs python3"
PORTS=${PORTS:-20000-39999}
[[ $PORTS =~ ^[0-9]+-[0-9]+$ ]] || die "PORTS must be LOW-HIGH, got '$PORTS'"
IFS=, read -r -a N_LIST <<< "$NS"
for n in "${N_LIST[@]}"; do [[ $n =~ ^[1-9][0-9]*$ ]] || die "--n: '$n' is not a positive whole number"; done
for v in "${VARIANTS[@]}"; do [ -x "${v%%::*}" ] || die "${v%%::*}: not an executable launcher"; done
TMP=$(mktemp -d /tmp/cold-pairs.XXXXXX) || die "cannot make a temporary folder"
trap 'rm -rf "$TMP"' EXIT

free_port() {
  local p lo=${PORTS%-*} hi=${PORTS#*-}
  for _ in $(seq 50); do
    p=$(( lo + RANDOM % (hi - lo + 1) ))
    ss -Hltn "sport = :$p" 2>/dev/null | grep -q . || { echo "$p"; return 0; }
  done
  return 1
}

# pair VARIANT N: prints "wall_ms creator_cpu_s evaluator_cpu_s", or nothing if the pair failed.
pair() {
  local launcher opts args port t0 t1 cp
  IFS='|' read -r launcher opts args <<< "${1//::/|}"
  port=$(free_port) || return 1
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  GC_JAVA_OPTS=$opts /usr/bin/time -f '%U %S' -o "$TMP/c.time" "$launcher" run --role creator --listen "$port" \
      --input 0x000102030405060708090a0b0c0d0e0f --repeat "$2" $JSON $args lib:aes128 > "$TMP/c.out" 2>&1 & cp=$!
  # shellcheck disable=SC2086
  GC_JAVA_OPTS=$opts /usr/bin/time -f '%U %S' -o "$TMP/e.time" "$launcher" run --role evaluator \
      --connect "127.0.0.1:$port" --input 0x00112233445566778899aabbccddeeff --repeat "$2" $JSON $args lib:aes128 \
      > "$TMP/e.out" 2>&1 || { wait $cp; return 1; }
  wait $cp || return 1
  t1=$(date +%s%N)
  grep -q 'output' "$TMP/e.out" || return 1
  echo "$(( (t1 - t0) / 1000000 )) $(awk '{ print $1 + $2 }' "$TMP/c.time") $(awk '{ print $1 + $2 }' "$TMP/e.time")"
}

echo "# cold gc run pairs, lib:aes128, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for n in "${N_LIST[@]}"; do
  for ((r = 0; r < ROUNDS; r++)); do
    for ((i = 0; i < ${#VARIANTS[@]}; i++)); do
      if res=$(pair "${VARIANTS[$i]}" "$n") && [ -n "$res" ]; then echo "$n $i $res" >> "$TMP/all"
      else echo "cold-pairs: N=$n ${VARIANTS[$i]}: a pair failed; see the next one's log" >&2; fi
    done
  done
done
touch "$TMP/all"
python3 - "$TMP/all" "${VARIANTS[@]}" <<'PY'
import statistics as st, sys
rows = [l.split() for l in open(sys.argv[1])]
variants = sys.argv[2:]
print("| N | variant | pairs | wall, median (min) | CPU creator + evaluator, median |")
print("|--:|---|--:|---|---|")
for n in sorted({int(r[0]) for r in rows}):
    for i, v in enumerate(variants):
        r = [x for x in rows if int(x[0]) == n and int(x[1]) == i]
        if not r:
            print(f"| {n} | `{v}` | 0 | failed | |")
            continue
        wall = [int(x[2]) for x in r]
        cpu = [float(x[3]) + float(x[4]) for x in r]
        print(f"| {n} | `{v}` | {len(r)} | {st.median(wall):.0f} ms ({min(wall)}) | {st.median(cpu):.2f} s |")
PY
