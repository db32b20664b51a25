#!/usr/bin/env bash
# party-ceiling.sh -- what a second thread buys one party alone (PartyRates), against the
# ceiling measured in the same run: two one-thread processes of the same work at the same
# time, pinned to cores 0 and 1 (taskset), their rates added. The process timing one and two
# threads and the ceiling's pair take turns round by round (PartyRates --turn), so that a
# change of the machine's load hits both alike. Then the same one- and two-thread runs with a
# third process busy on core 1 the whole time.
#
# Usage: benchmarks/party-ceiling.sh [--rounds R] [--warmup W] [--warmup-seconds S] [--repeat K]
#                                    [--workloads LIST] [--sides LIST] [--jar JAR]
#
#   --rounds R        PartyRates rounds per measurement (default 3); each rate is their median
#   --warmup W        untimed rounds before them (default 1): a pinned process compiles on its core
#   --warmup-seconds S  and untimed rounds until S seconds have passed (default 5): the compiler
#                     takes a core for the first seconds, longer than a few short rounds (OT's);
#                     then on until a round passes with the compilers quiet (PartyRates)
#   --repeat K        the whole measurement K times over (default 1), a row each time; then the
#                     medians over the K of "2 threads / ceiling" and "busy: 2 / 1"
#   --workloads LIST  PartyRates workloads (default lib:aes128:1000,and:1e7:1024)
#   --sides LIST      default garbler,evaluator
#   --jar JAR         default benchmarks/target/benchmarks.jar (mvn -B -pl benchmarks -am package -DskipTests)
#
# Prints one table row per workload and side: 1 thread, 2 threads, the ceiling, 2 threads over
# the ceiling; with core 1 busy: 1 thread, 2 threads, 2 threads over 1; and the load average
# (1 minute) before the alternated legs and before the busy ones. Rates in M AND/s (M OT/s for
# OT workloads). Needs taskset and at least 2 cores; the machine should be otherwise quiet (the
# scheduler shares the cores between sessions, not threads: another session's work caps what a
# second thread can get).
set -uo pipefail

ROUNDS=3 WARMUP=1 WARMUP_S=5 REPEAT=1 WORKLOADS=lib:aes128:1000,and:1e7:1024 SIDES=garbler,evaluator
JAR=$(dirname "$0")/target/benchmarks.jar
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
die() { echo "party-ceiling: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=${2:-}; shift 2 ;;
    --warmup) WARMUP=${2:-}; shift 2 ;;
    --warmup-seconds) WARMUP_S=${2:-}; shift 2 ;;
    --repeat) REPEAT=${2:-}; shift 2 ;;
    --workloads) WORKLOADS=${2:-}; shift 2 ;;
    --sides) SIDES=${2:-}; shift 2 ;;
    --jar) JAR=${2:-}; shift 2 ;;
    -h|--help) usage ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive whole number, got '$ROUNDS'"
[[ $WARMUP =~ ^[0-9]+$ ]] || die "--warmup must be a whole number, got '$WARMUP'"
[[ $WARMUP_S =~ ^[0-9]+$ ]] || die "--warmup-seconds must be a whole number, got '$WARMUP_S'"
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || die "--repeat must be a positive whole number, got '$REPEAT'"
[ -f "$JAR" ] || die "$JAR: no such file (build it: mvn -B -pl benchmarks -am package -DskipTests)"
command -v taskset >/dev/null || die "needs taskset (util-linux)"
[ "$(nproc)" -ge 2 ] || die "needs at least 2 cores, this machine has $(nproc)"
TMP=$(mktemp -d /tmp/party-ceiling.XXXXXX) || die "cannot make a temporary folder"
BUSY=
trap '[ -n "$BUSY" ] && kill "$BUSY" 2>/dev/null; rm -rf "$TMP"' EXIT

rates() { # PREFIX ARGS...: runs PartyRates with ARGS, its table into $TMP/PREFIX.csv
  local out=$TMP/$1.csv; shift
  java -Xmx3g -cp "$JAR" io.gcstream.benchmarks.party.PartyRates --rounds "$ROUNDS" --warmup "$WARMUP" --warmup-seconds "$WARMUP_S" \
      --sides "$SIDES" --csv "$out" "$@" > "$out.log" 2>&1 || { cat "$out.log" >&2; die "PartyRates $* failed"; }
}
rate() { # FILE WORKLOAD SIDE THREADS: the median rate
  awk -F, -v w="$2" -v s="$3" -v t="$4" '!/^#/ && index($1, w) == 1 && $2 == s && $3 == t { print $5; exit }' "$1"
}
load() { cut -d' ' -f1 /proc/loadavg; }

echo "party-ceiling: $(nproc) cores, $(java -version 2>&1 | head -1), rounds $ROUNDS, warm-up $WARMUP rounds and $WARMUP_S s, repeat $REPEAT, $(date -u +%FT%TZ)"
echo "| workload | side | 1 thread | 2 threads | ceiling | 2 threads / ceiling | busy: 1 thread | busy: 2 threads | busy: 2 / 1 | load (alternated legs, busy) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
IFS=, read -r -a WL <<< "$WORKLOADS"
IFS=, read -r -a SL <<< "$SIDES"
for k in $(seq "$REPEAT"); do
for w in "${WL[@]}"; do
  l1=$(load)
  rm -rf "$TMP/barrier"
  turns=(--barrier "$TMP/barrier" --barrier-count 3)
  rates plain --workloads "$w" --threads 1,2 "${turns[@]}" --turn 0/2 &
  p=$!
  taskset -c 0 java -Xmx3g -cp "$JAR" io.gcstream.benchmarks.party.PartyRates --rounds "$ROUNDS" --warmup "$WARMUP" --warmup-seconds "$WARMUP_S" \
      --sides "$SIDES" --workloads "$w" --threads 1 "${turns[@]}" --turn 1/2 --csv "$TMP/c0.csv" > "$TMP/c0.log" 2>&1 &
  c0=$!
  taskset -c 1 java -Xmx3g -cp "$JAR" io.gcstream.benchmarks.party.PartyRates --rounds "$ROUNDS" --warmup "$WARMUP" --warmup-seconds "$WARMUP_S" \
      --sides "$SIDES" --workloads "$w" --threads 1 "${turns[@]}" --turn 1/2 --csv "$TMP/c1.csv" > "$TMP/c1.log" 2>&1 &
  c1=$!
  for _ in 1 2 3; do # the others wait for a failed one at every turn: stop them
    wait -n || { kill $p $c0 $c1 2>/dev/null; cat "$TMP"/c0.log "$TMP"/c1.log >&2; die "a process of the alternated legs failed"; }
  done
  l3=$(load)
  taskset -c 1 sh -c 'while :; do :; done' &
  BUSY=$!
  rates busy --workloads "$w" --threads 1,2
  kill "$BUSY"; BUSY=
  for s in "${SL[@]}"; do
    one=$(rate "$TMP/plain.csv" "$w" "$s" 1); two=$(rate "$TMP/plain.csv" "$w" "$s" 2)
    a=$(rate "$TMP/c0.csv" "$w" "$s" 1); b=$(rate "$TMP/c1.csv" "$w" "$s" 1)
    bone=$(rate "$TMP/busy.csv" "$w" "$s" 1); btwo=$(rate "$TMP/busy.csv" "$w" "$s" 2)
    [ -n "$one" ] && [ -n "$two" ] && [ -n "$a" ] && [ -n "$b" ] && [ -n "$bone" ] && [ -n "$btwo" ] \
        || die "no rate for $w, $s (see $TMP)"
    awk -v w="$w" -v s="$s" -v one="$one" -v two="$two" -v a="$a" -v b="$b" -v bone="$bone" -v btwo="$btwo" \
        -v l="$l1, $l3" -v all="$TMP/all.txt" 'BEGIN {
      c = a + b
      printf "| %s | %s | %.2f | %.2f | %.2f (%.2f + %.2f) | %.0f %% | %.2f | %.2f | %.2f× | %s |\n",
          w, s, one, two, c, a, b, 100 * two / c, bone, btwo, btwo / bone, l
      printf "%s %s %.4f %.4f\n", w, s, 100 * two / c, btwo / bone >> all }'
  done
done
done
[ "$REPEAT" -gt 1 ] || exit 0
echo
echo "| workload | side | 2 threads / ceiling, median (runs) | busy: 2 / 1, median (runs) |"
echo "|---|---|---|---|"
for w in "${WL[@]}"; do
  for s in "${SL[@]}"; do
    awk -v w="$w" -v s="$s" '$1 == w && $2 == s { n++; c[n] = $3; b[n] = $4 }
      function median(x, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && x[j - 1] > x[j]; j--) { t = x[j]; x[j] = x[j - 1]; x[j - 1] = t }
        return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
      }
      END {
        cl = ""; bl = ""
        for (i = 1; i <= n; i++) { cl = cl sprintf("%s%.0f", i > 1 ? " " : "", c[i]); bl = bl sprintf("%s%.2f", i > 1 ? " " : "", b[i]) }
        printf "| %s | %s | %.0f %% (%s) | %.2f× (%s) |\n", w, s, median(c, n), cl, median(b, n), bl
      }' "$TMP/all.txt"
  done
done
