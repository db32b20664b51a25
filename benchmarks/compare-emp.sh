#!/usr/bin/env bash
# compare-emp.sh -- gcstream against EMP-toolkit, side by side in one run (issue 10's table).
#
# Usage: benchmarks/compare-emp.sh --peers DIR [options]
#
#   --peers DIR      the peers' build folder (what ../shared/peers/build.sh built; has build/peers/bin)
#   --run-sh FILE    the peers' run.sh (default: DIR/run.sh, else ../shared/peers/run.sh next to the repo)
#   --rounds N       rounds (default 3); each round runs every row once for gcstream and once for
#                    EMP, alternating which goes first; the table shows medians over the rounds, and
#                    below it each round's figures and its ratio (gcstream against the EMP figure
#                    measured beside it), with the median of those ratios
#   --rows LIST      comma-separated rows (default: party,gates,aes-lib,aes-gcb,cot,baseot,first,heap)
#                      party    one party alone on one thread, nothing on the wire: garbling into a
#                               channel that discards, evaluating a recorded stream; PartyRates
#                               (wall clock) vs run.sh party-garble|party-evaluate, on the same circuit
#                               file (emp-tool's AES-non-expanded.txt, 6,800 AND, compiled by gc compile),
#                               on lib:aes128 (6,400 AND, against EMP's file) and on 10^7 AND over 1,024
#                               lanes (LaneCircuit against emp_party's and:N, the same shape)
#                      gates    10^7 AND end to end, two processes: EndToEndBenchmark --no-local vs run.sh gates10m
#                      aes-lib  AES-128 per independent execution, warm session, two processes:
#                               gc run --role ... --repeat N --warmup W --json lib:aes128 (creator's
#                               medianOfLaterRuns total: the runs after the JIT's warm-up) vs run.sh aes-fresh
#                      aes-gcb  the same from a .gcb file: EMP's own Bristol aes_128.txt compiled with gc
#                               compile (lib:aes128 compiled if the peers folder lacks it)
#                      cot      10^7 C-OTs: OtBench (one JVM, two threads) vs run.sh cot10m
#                      baseot   128 base OTs, warm: OtBench (2 threads, Chou-Orlandi) vs run.sh baseot
#                      first    first AES-128 run of a fresh ./gc run pair (--repeat 1): protocol time
#                               (creator's first total: handshake, base OTs, the run) and wall time of
#                               the process pair, vs run.sh aes-fresh 1 (setup_ms + ms_per_block)
#                      heap     AES-128, two gc run processes with -Xmx4m -XX:+UseSerialGC each: runs or fails (no EMP side)
#                      cold     N independent AES-128 executions from cold processes, as users meet them: wall
#                               time of a fresh gc run --role ... --repeat N lib:aes128 pair (through ./gc,
#                               without --json)
#                               vs run.sh aes-fresh N, for each N of --cold-n; per N the two sides alternate
#                               who goes first from round to round (not in the default rows: run it alone,
#                               e.g. --rows cold --rounds 3)
#   --gbit           add the row "10^7 AND under a 1 Gbit/s link" (both sides in a private network
#                    namespace: unshare -n, tc tbf 1gbit on lo; needs CAP_SYS_ADMIN)
#   --schemes LIST   gcstream schemes for the gates rows (default half-gates), e.g. half-gates,grr3
#   --threads N      gcstream's threads per party in every row (gc run --threads, EndToEndBenchmark
#                    --threads, OtBench's extension threads); default: gc's default (the cores,
#                    halved for a peer on the same machine: one per party on a 2-core machine)
#                    and OtBench's one thread
#   --aes-repeat N   executions per gc run session for the AES rows (default 8000)
#   --aes-warmup W   of those, the executions after the first left out of the median (default 5000:
#                    HotSpot compiles the session's hot loops during its first ~3 s, thousands of
#                    AES executions; --aes-warmup 0 --aes-repeat 300 measures that period instead)
#   --cold-n LIST    the N of the cold rows (default 1,10,100,1000,10000)
#   --logs DIR       keep every command's output here (default: a new folder under /tmp)
#
# Needs: cli/target/gc.jar and benchmarks/target/benchmarks.jar (mvn -B -pl cli,benchmarks -am
# package -DskipTests), java, awk, ss; the gc run rows (aes-lib, aes-gcb, first, heap) start gc
# through the repository's ./gc launcher, as users do. A failed measurement is reported and left out of its
# median; the script goes on. Ratio = gcstream's speed / EMP's speed (rates: gcstream / EMP;
# times: EMP / gcstream), so above 1 means gcstream is faster.
# Env: JAVA (default java), TIMEOUT per command in s (default 900), PORTS the range free ports are
# drawn from for both sides (default 20000-39999, e.g. PORTS=25000-25999 on a shared machine).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GC_JAR=$ROOT/cli/target/gc.jar
GC_LAUNCHER=$ROOT/gc
BENCH_JAR=$ROOT/benchmarks/target/benchmarks.jar
JAVA=${JAVA:-java}
TIMEOUT=${TIMEOUT:-900}
PORTS=${PORTS:-20000-39999}
PEERS= RUN_SH= ROUNDS=3 ROWS=party,gates,aes-lib,aes-gcb,cot,baseot,first,heap GBIT=0 SCHEMES=half-gates
AES_REPEAT=8000 AES_WARMUP=5000 LOGS= LAST_ERR= HEAP_ERR= COLD_N=1,10,100,1000,10000 THREADS=

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 2; }
die() { echo "compare-emp: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --peers) PEERS=${2:-}; shift 2 ;;
    --run-sh) RUN_SH=${2:-}; shift 2 ;;
    --rounds) ROUNDS=${2:-}; shift 2 ;;
    --rows) ROWS=${2:-}; shift 2 ;;
    --gbit) GBIT=1; shift ;;
    --schemes) SCHEMES=${2:-}; shift 2 ;;
    --aes-repeat) AES_REPEAT=${2:-}; shift 2 ;;
    --threads) THREADS=${2:-}; shift 2 ;;
    --aes-warmup) AES_WARMUP=${2:-}; shift 2 ;;
    --cold-n) COLD_N=${2:-}; shift 2 ;;
    --logs) LOGS=${2:-}; shift 2 ;;
    -h|--help) usage ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

[ -n "$PEERS" ] || die "--peers DIR is required: the peers' build folder (see ../shared/peers/README.md)"
[ -d "$PEERS" ] || die "--peers $PEERS: no such folder (build the peers first: MIRRORS=... ../shared/peers/build.sh $PEERS)"
PEERS=$(cd "$PEERS" && pwd)
[ -d "$PEERS/build/peers/bin" ] || die "--peers $PEERS: no build/peers/bin in it; is it the folder build.sh built?"
if [ -z "$RUN_SH" ]; then
  for c in "$PEERS/run.sh" "$ROOT/../shared/peers/run.sh"; do [ -x "$c" ] && { RUN_SH=$c; break; }; done
fi
[ -n "$RUN_SH" ] || die "no run.sh found in $PEERS or $ROOT/../shared/peers: give --run-sh FILE"
[ -x "$RUN_SH" ] || die "--run-sh $RUN_SH: not an executable file"
[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive whole number, got '$ROUNDS'"
[ -z "$THREADS" ] || [[ $THREADS =~ ^[1-9][0-9]*$ ]] || die "--threads must be a positive whole number, got '$THREADS'"
[[ $AES_REPEAT =~ ^[1-9][0-9]*$ ]] && [ "$AES_REPEAT" -ge 2 ] || die "--aes-repeat must be at least 2, got '$AES_REPEAT'"
[[ $AES_WARMUP =~ ^[0-9]+$ ]] && [ "$AES_WARMUP" -le $((AES_REPEAT - 2)) ] \
  || die "--aes-warmup must be in 0..$((AES_REPEAT - 2)) (it leaves at least one execution to measure), got '$AES_WARMUP'"
command -v "$JAVA" >/dev/null || die "java not found (set JAVA)"
command -v ss >/dev/null || die "needs ss (iproute2) to find free ports"
[[ $PORTS =~ ^[0-9]+-[0-9]+$ ]] && [ "${PORTS%-*}" -ge 1024 ] && [ "${PORTS#*-}" -le 65535 ] \
  && [ "${PORTS%-*}" -le "${PORTS#*-}" ] || die "PORTS must be LOW-HIGH within 1024-65535, got '$PORTS'"
for j in "$GC_JAR" "$BENCH_JAR"; do
  [ -f "$j" ] || die "missing $j: build with (cd $ROOT && mvn -B -pl cli,benchmarks -am package -DskipTests)"
done
# The gc rows start gc through its launcher, with JAVA's java first on PATH; its class-data
# sharing archive is made now (once per jar), outside every measurement.
PATH="$(dirname "$(command -v "$JAVA")"):$PATH"
"$GC_LAUNCHER" --version > /dev/null || die "$GC_LAUNCHER --version failed"
IFS=, read -r -a ROW_LIST <<< "$ROWS"
for r in "${ROW_LIST[@]}"; do
  case "$r" in party|gates|aes-lib|aes-gcb|cot|baseot|first|heap|cold) ;; *) die "--rows: unknown row '$r'" ;; esac
done
IFS=, read -r -a COLD_LIST <<< "$COLD_N"
for n in "${COLD_LIST[@]}"; do [[ $n =~ ^[1-9][0-9]*$ ]] || die "--cold-n: '$n' is not a positive whole number"; done
IFS=, read -r -a SCHEME_LIST <<< "$SCHEMES"
[ "$GBIT" = 1 ] && ROW_LIST+=(gbit)
LOGS=${LOGS:-$(mktemp -d /tmp/compare-emp.XXXXXX)}
mkdir -p "$LOGS" || die "cannot create $LOGS"

# --- helpers ---------------------------------------------------------------------------------

declare -A VALS   # "gc:KEY" / "emp:KEY" -> space-separated values, one per successful round
declare -A FAILS  # same keys -> number of failed rounds
N=0               # command counter for log names

record() { VALS[$1]="${VALS[$1]:-} $2"; }
failed() { FAILS[$1]=$(( ${FAILS[$1]:-0} + 1 )); echo "compare-emp: round $ROUND: $1 failed${2:+: $2}" >&2; }
# newlog NAME: sets LOGF to a new numbered log file (not in a subshell, so the count advances)
newlog() { N=$((N + 1)); LOGF="$LOGS/$(printf %03d $N)-$1.log"; }
median() { tr ' ' '\n' | awk 'NF' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit; m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }
PORT_LO=${PORTS%-*} PORT_HI=${PORTS#*-}
free_port() {
  local p
  for _ in $(seq 50); do
    p=$(( PORT_LO + RANDOM % (PORT_HI - PORT_LO + 1) ))
    ss -Hltn "sport = :$p" 2>/dev/null | grep -q . || { echo "$p"; return 0; }
  done
  return 1
}
num() { [[ ${1:-} =~ ^[0-9]+(\.[0-9]+)?$ ]]; }
# field KEY FILE: the number after KEY= in an EMP result line
field() { sed -n "s/.*[ ]$1=\([0-9.]*\).*/\1/p" "$2" | head -1; }
# json_total SECTION FILE: timingsMs.total of "first" or "medianOfLaterRuns" in gc run --json output
json_total() { awk -v s="\"$1\"" 'index($0, s) { f = 1 } f && /"total"/ { v = $2; gsub(/[^0-9.]/, "", v); print v; exit }' "$2"; }

# gc_pair CIRCUIT REPEAT JAVA_OPTS [WARMUP [OUTPUT]]: a creator and an evaluator gc run process on
# loopback, each started as users start it, through the ./gc launcher (with its class-data
# sharing archive; JAVA's folder first on PATH, JAVA_OPTS as GC_JAVA_OPTS), with --json unless
# OUTPUT is "plain"; sets C_LOG (creator's output) and WALL_MS (wall time of the pair); returns
# non-zero on failure.
gc_pair() {
  local circuit=$1 repeat=$2 jopts=$3 warmup=${4:-0} json=--json port t0 cp r1 r2
  [ "${5:-}" = plain ] && json=
  LAST_ERR=
  port=$(free_port) || { LAST_ERR="no free port found"; return 1; }
  newlog gc-creator; C_LOG=$LOGF; newlog gc-evaluator; local e_log=$LOGF
  t0=$(date +%s%N)
  # shellcheck disable=SC2086
  GC_JAVA_OPTS=$jopts timeout "$TIMEOUT" "$GC_LAUNCHER" run --role creator --listen "$port" \
      --input 0x000102030405060708090a0b0c0d0e0f --repeat "$repeat" --warmup "$warmup" ${THREADS:+--threads "$THREADS"} \
      $json "$circuit" > "$C_LOG" 2>&1 & cp=$!
  # shellcheck disable=SC2086
  GC_JAVA_OPTS=$jopts timeout "$TIMEOUT" "$GC_LAUNCHER" run --role evaluator --connect "127.0.0.1:$port" \
      --input 0x00112233445566778899aabbccddeeff --repeat "$repeat" --warmup "$warmup" ${THREADS:+--threads "$THREADS"} \
      $json "$circuit" > "$e_log" 2>&1; r2=$?
  wait $cp; r1=$?
  WALL_MS=$(( ($(date +%s%N) - t0) / 1000000 ))
  # (the evaluator's own output line, when not --json: the run ended with its result)
  [ $r1 = 0 ] && [ $r2 = 0 ] && { [ -n "$json" ] || grep -q '^evaluator output' "$e_log"; } || { LAST_ERR="exit codes $r1/$r2, see $C_LOG $e_log: $( (grep -h OutOfMemory "$C_LOG" "$e_log"; grep -hE 'Exception|[Ee]rror' "$C_LOG" "$e_log") | head -1)"; return 1; }
}

emp() { # emp WHAT [N]: run.sh's one result line into $E_LOG
  newlog "emp-$1"; E_LOG=$LOGF; LAST_ERR=
  local port; port=$(free_port) || { LAST_ERR="no free port found"; return 1; }
  PORT=$port timeout "$TIMEOUT" "$RUN_SH" "$PEERS" "$@" > "$E_LOG" 2>> "$E_LOG.err" && grep -q '^emp ' "$E_LOG" \
    || { LAST_ERR="run.sh $* failed, see $E_LOG.err"; return 1; }
}

# e2e SCHEME LOG [PREFIX...]: EndToEndBenchmark, two processes, 10^7 ANDs, output to LOG, run under
# PREFIX (a command such as unshare ...); prints the median M AND/s of its 3 measured runs.
e2e() {
  local s=$1 l=$2; shift 2
  timeout "$TIMEOUT" "$@" "$JAVA" -cp "$BENCH_JAR" io.gcstream.benchmarks.engine.EndToEndBenchmark --no-local \
      --ands 10000000 --warmup 3 --runs 3 --scheme "$s" --threads "${THREADS:-0}" > "$l" 2>&1 || return 1
  awk -F'|' -v s="$s" '{ k = $1; gsub(/ /, "", k) } k == s && NF > 2 { v = $2; gsub(/ /, "", v); print v; exit }' "$l"
}

# Runs its arguments in a private network namespace whose loopback is limited to 1 Gbit/s.
GBIT_SH='ip link set lo up && tc qdisc add dev lo root tbf rate 1gbit burst 256kb latency 50ms && exec "$@"'
IN_GBIT=(unshare -n sh -c "$GBIT_SH" sh)

# --- the measurements: each records gc:KEY / emp:KEY values or a failure ----------------------

gc_gates() { local s v; for s in "${SCHEME_LIST[@]}"; do newlog "gc-e2e-$s"
  v=$(e2e "$s" "$LOGF") && num "$v" && record "gc:gates-$s" "$v" || failed "gc:gates-$s" "see $LOGF"; done; }
emp_gates() { local v
  emp gates10m && v=$(field Mand_per_s "$E_LOG") && num "$v" && record emp:gates "$v" || failed emp:gates "${LAST_ERR:-}"; }
gc_gbit() { local s v; for s in "${SCHEME_LIST[@]}"; do newlog "gc-gbit-$s"
  v=$(e2e "$s" "$LOGF" "${IN_GBIT[@]}") && num "$v" && record "gc:gbit-$s" "$v" || failed "gc:gbit-$s" "see $LOGF"; done; }
emp_gbit() { local v; newlog emp-gbit; E_LOG=$LOGF
  timeout "$TIMEOUT" "${IN_GBIT[@]}" "$RUN_SH" "$PEERS" gates10m > "$E_LOG" 2>> "$E_LOG.err" \
    && v=$(field Mand_per_s "$E_LOG") && num "$v" && record emp:gbit "$v" || failed emp:gbit "see $E_LOG.err"; }

gc_aes() { # gc_aes KEY CIRCUIT
  local v
  gc_pair "$2" "$AES_REPEAT" "" "$AES_WARMUP" && v=$(json_total medianOfLaterRuns "$C_LOG") && num "$v" && record "gc:$1" "$v" \
    || failed "gc:$1" "${LAST_ERR:-no medianOfLaterRuns in $C_LOG}"; }
emp_aes() { # emp_aes KEY
  local v
  emp aes-fresh 1000 && v=$(field ms_per_block "$E_LOG") && num "$v" && record "emp:$1" "$v" || failed "emp:$1" "${LAST_ERR:-}"; }

gc_cot() { newlog gc-otbench-ext; local l=$LOGF
  if timeout "$TIMEOUT" "$JAVA" -cp "$BENCH_JAR" io.gcstream.benchmarks.ot.OtBench 5 3 ext "${THREADS:-1}" > "$l" 2>&1; then
    local a b
    a=$(awk -F'|' '/10\^7 C-OTs, loopback/ { split($4, f, "= "); split(f[2], g, " "); print g[1] }' "$l")
    b=$(awk -F'|' '/10\^7 C-OTs, session Delta/ { split($4, f, "= "); split(f[2], g, " "); print g[1] }' "$l")
    num "$a" && record gc:cot "$a" || failed gc:cot "no C-OT line in $l"
    num "$b" && record gc:cot-session "$b" || failed gc:cot-session "no session-Delta line in $l"
  else failed gc:cot "see $l"; failed gc:cot-session "see $l"; fi; }
emp_cot() { local v
  emp cot10m && v=$(field cot_Mps "$E_LOG") && num "$v" && record emp:cot "$v" || failed emp:cot "${LAST_ERR:-}"; }

gc_baseot() { newlog gc-otbench-baseot; local l=$LOGF v
  timeout "$TIMEOUT" "$JAVA" -cp "$BENCH_JAR" io.gcstream.benchmarks.ot.OtBench 5 3 baseot > "$l" 2>&1 \
    && v=$(awk -F'|' '/128 base OTs/ { t = $3; gsub(/ /, "", t) } /128 base OTs/ && t == 2 { v = $4; gsub(/[^0-9.]/, "", v); print v; exit }' "$l") \
    && num "$v" && record gc:baseot "$v" || failed gc:baseot "see $l"; }
emp_baseot() { local co np
  if emp baseot; then
    co=$(field co_ms "$E_LOG"); np=$(field np_ms "$E_LOG")
    num "$co" && record emp:baseot-co "$co" || failed emp:baseot-co "no co_ms in $E_LOG"
    num "$np" && record emp:baseot-np "$np" || failed emp:baseot-np "no np_ms in $E_LOG"
  else failed emp:baseot-co "${LAST_ERR:-}"; failed emp:baseot-np "${LAST_ERR:-}"; fi; }

gc_first() { local v
  if gc_pair lib:aes128 1 "" && v=$(json_total first "$C_LOG") && num "$v"; then
    record gc:first "$v"; record gc:first-wall "$WALL_MS"
  else failed gc:first "${LAST_ERR:-no first total in $C_LOG}"; failed gc:first-wall ""; fi; }
emp_first() { local s b t0 t1
  t0=$(date +%s%N)
  if emp aes-fresh 1; then
    t1=$(date +%s%N)
    s=$(field setup_ms "$E_LOG"); b=$(field ms_per_block "$E_LOG")
    if num "$s" && num "$b"; then
      record emp:first "$(awk -v s="$s" -v b="$b" 'BEGIN { printf "%.2f", s + b }')"
      record emp:first-wall $(( (t1 - t0) / 1000000 ))
    else failed emp:first "no setup_ms in $E_LOG"; fi
  else failed emp:first "${LAST_ERR:-}"; failed emp:first-wall ""; fi; }

gc_heap() {
  # The serial collector: G1 needs several 1 MiB regions and cannot work in a 4 MiB heap.
  if gc_pair lib:aes128 3 "-Xmx4m -XX:+UseSerialGC" && num "$(json_total medianOfLaterRuns "$C_LOG")"; then record gc:heap 1
  else record gc:heap 0; HEAP_ERR=${LAST_ERR:-no result}; fi; }

# cold N: the wall time of a fresh gc run pair of N executions (gc_pair, without --json, as users
# run it) and of run.sh aes-fresh N (EMP's two processes and run.sh itself), in the order the
# round gives.
gc_cold() { gc_pair lib:aes128 "$1" "" 0 plain && record "gc:cold-$1" "$WALL_MS" || failed "gc:cold-$1" "${LAST_ERR:-}"; }
emp_cold() { local t0 t1
  t0=$(date +%s%N)
  if emp aes-fresh "$1"; then t1=$(date +%s%N); record "emp:cold-$1" $(( (t1 - t0) / 1000000 ))
  else failed "emp:cold-$1" "${LAST_ERR:-}"; fi; }
cold_rows() { local n; for n in "${COLD_LIST[@]}"; do
  if [ $((ROUND % 2)) = 1 ]; then gc_cold "$n"; emp_cold "$n"; else emp_cold "$n"; gc_cold "$n"; fi; done; }

# party: one party alone, one thread. gc_party KEY WORKLOAD SIDE ANDS: PartyRates' rate as ms per
# execution of ANDS AND gates (for the AES rows) or M AND/s (ANDS = 0); emp_party KEY SIDE CIRCUIT
# REPS likewise from run.sh party-garble|party-evaluate.
PARTY_AES_REPS=2000
gc_party() { newlog "gc-party-$1"; local l=$LOGF v
  if timeout "$TIMEOUT" "$JAVA" -Xmx3g -cp "$BENCH_JAR" io.gcstream.benchmarks.party.PartyRates --workloads "$2" \
      --sides "$3" --threads 1 --rounds 5 > "$l" 2>&1; then
    v=$(awk -F'|' -v s="$3" '$3 ~ s { split($5, f, " "); print f[1]; exit }' "$l")
    if num "$v"; then
      [ "$4" = 0 ] && record "gc:$1" "$v" || record "gc:$1" "$(awk -v r="$v" -v a="$4" 'BEGIN { printf "%.4f", a / r / 1000 }')"
    else failed "gc:$1" "no rate in $l"; fi
  else failed "gc:$1" "see $l"; fi; }
emp_party() { newlog "emp-party-$1"; E_LOG=$LOGF; local v
  if CIRCUIT=$3 timeout "$TIMEOUT" "$RUN_SH" "$PEERS" "party-$2" "$4" > "$E_LOG" 2>> "$E_LOG.err" && grep -q '^emp ' "$E_LOG"; then
    case "$3" in and:*) v=$(field Mand_per_s "$E_LOG") ;; *) v=$(field ms_per_rep "$E_LOG") ;; esac
    num "$v" && record "emp:$1" "$v" || failed "emp:$1" "no figure in $E_LOG"
  else failed "emp:$1" "run.sh party-$2 failed, see $E_LOG.err"; fi; }
party_rows() { local side key g e
  for side in garbler evaluator; do
    [ $side = garbler ] && e=garble || e=evaluate
    for key in aes-file aes-lib and; do
      case $key in
        aes-file) g="gc_party party-$key-$side file:$AES_EMP_GCB:$PARTY_AES_REPS $side 6800" ;;
        aes-lib) g="gc_party party-$key-$side lib:aes128:$PARTY_AES_REPS $side 6400" ;;
        and) g="gc_party party-$key-$side and:1e7:1024 $side 0" ;;
      esac
      local ecirc=$AES_EMP_TXT ereps=$PARTY_AES_REPS
      [ $key = and ] && { ecirc=and:10000000; ereps=3; }
      if [ $((ROUND % 2)) = 1 ]; then $g; emp_party "party-$key-$side" $e "$ecirc" $ereps
      else emp_party "party-$key-$side" $e "$ecirc" $ereps; $g; fi
    done
  done; }

# --- preparation -------------------------------------------------------------------------------

BRISTOL=$(find "$PEERS/prefix" "$PEERS/src" -path '*bristol_fashion/aes_128.txt' 2>/dev/null | head -1)
AES_GCB=$LOGS/aes128.gcb
if [[ ,$ROWS, == *,aes-gcb,* ]]; then
  if [ -n "$BRISTOL" ]; then AES_GCB_FROM=$BRISTOL; else AES_GCB_FROM=lib:aes128; fi
  newlog gc-compile
  "$JAVA" -jar "$GC_JAR" compile "$AES_GCB_FROM" -o "$AES_GCB" > "$LOGF" 2>&1 \
    || die "gc compile $AES_GCB_FROM -o $AES_GCB failed (see $LOGS)"
fi
AES_EMP_TXT=$(find "$PEERS/src" "$PEERS/prefix" -path '*bristol_format/AES-non-expanded.txt' 2>/dev/null | head -1)
AES_EMP_GCB=$LOGS/aes-non-expanded.gcb
if [[ ,$ROWS, == *,party,* ]]; then
  [ -n "$AES_EMP_TXT" ] || die "party: no bristol_format/AES-non-expanded.txt under $PEERS"
  newlog gc-compile-emp-aes
  "$JAVA" -jar "$GC_JAR" compile "$AES_EMP_TXT" -o "$AES_EMP_GCB" > "$LOGF" 2>&1 \
    || die "gc compile $AES_EMP_TXT -o $AES_EMP_GCB failed (see $LOGS)"
fi
if [ "$GBIT" = 1 ]; then
  if ! msg=$("${IN_GBIT[@]}" true 2>&1); then
    echo "compare-emp: --gbit: a private network namespace with tc is not available here ($msg); row skipped" >&2
    unset 'ROW_LIST[${#ROW_LIST[@]}-1]'; GBIT=0
  fi
fi

echo "# gcstream vs EMP-toolkit, one run ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
echo "machine: $(nproc) cores, $(awk '{ print "load average " $1 ", " $2 ", " $3 }' /proc/loadavg 2>/dev/null), $("$JAVA" -version 2>&1 | head -1)"
echo "peers: $PEERS ($(tr '\n' ';' < "$PEERS/VERSIONS.txt" 2>/dev/null | sed 's/;$//'))"
echo "rounds: $ROUNDS; rows: ${ROW_LIST[*]}; gcstream schemes: ${SCHEME_LIST[*]}; AES sessions: $AES_REPEAT executions, median of the last $((AES_REPEAT - AES_WARMUP - 1)); logs: $LOGS"
echo

# --- the rounds --------------------------------------------------------------------------------

for ROUND in $(seq "$ROUNDS"); do
  for row in "${ROW_LIST[@]}"; do
    echo "round $ROUND/$ROUNDS: $row" >&2
    case "$row" in
      gates)   g=gc_gates; e=emp_gates ;;
      gbit)    g=gc_gbit; e=emp_gbit ;;
      aes-lib) g="gc_aes aes-lib lib:aes128"; e="emp_aes aes-lib" ;;
      aes-gcb) g="gc_aes aes-gcb $AES_GCB"; e="emp_aes aes-gcb" ;;
      cot)     g=gc_cot; e=emp_cot ;;
      baseot)  g=gc_baseot; e=emp_baseot ;;
      first)   g=gc_first; e=emp_first ;;
      heap)    g=gc_heap; e=: ;;
      cold)    g=cold_rows; e=: ;;  # alternates per N itself
      party)   g=party_rows; e=: ;; # alternates per row itself
    esac
    # Alternate who goes first, so neither side always runs on a machine the other just warmed.
    if [ $((ROUND % 2)) = 1 ]; then $g; $e; else $e; $g; fi
  done
done

# --- the table ---------------------------------------------------------------------------------

fmt() { [ -n "$1" ] && printf '%.2f %s' "$1" "$2" || printf 'n/a'; }
# row LABEL GCKEY EMPKEY UNIT rate|time
row() {
  local gm em ratio gn en
  gm=$(echo "${VALS[gc:$2]:-}" | median); em=$(echo "${VALS[emp:$3]:-}" | median)
  gn=$(echo "${VALS[gc:$2]:-}" | wc -w); en=$(echo "${VALS[emp:$3]:-}" | wc -w)
  ratio=n/a
  if [ -n "$gm" ] && [ -n "$em" ]; then
    ratio=$(awk -v g="$gm" -v e="$em" -v k="$5" 'BEGIN { if (g <= 0 || e <= 0) print "n/a"; else printf "%.2f", k == "rate" ? g / e : e / g }')
  fi
  printf '| %s | %s (%d of %d) | %s (%d of %d) | %s |\n' "$1" "$(fmt "$gm" "$4")" "$gn" "$ROUNDS" \
      "$(fmt "$em" "$4")" "$en" "$ROUNDS" "$ratio"
  DETAILS+="  $1: gcstream${VALS[gc:$2]:- -} | EMP${VALS[emp:$3]:- -} ($4)"$'\n'
  # Each round's gcstream figure against the EMP figure measured beside it: how much of the
  # ratio above is the machine's minute-to-minute spread (only when no round failed).
  if [ "$gn" = "$ROUNDS" ] && [ "$en" = "$ROUNDS" ] && [ "$ROUNDS" -gt 1 ]; then
    DETAILS+=$(awk -v g="${VALS[gc:$2]}" -v e="${VALS[emp:$3]}" -v k="$5" 'BEGIN {
      n = split(g, gv, " "); split(e, ev, " "); ok = 0
      for (i = 1; i <= n; i++) { r[i] = (gv[i] <= 0 || ev[i] <= 0) ? 0 : (k == "rate" ? gv[i] / ev[i] : ev[i] / gv[i]); ok += r[i] >= 1; s = s sprintf(" %.2f", r[i]) }
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
      m = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
      printf "    ratio per round:%s (median %.2f; %d of %d rounds >= 1)", s, m, ok, n }')$'\n'
  fi
}
DETAILS=''

echo "| measure | gcstream, median (rounds) | EMP, median (rounds) | ratio (gcstream speed / EMP speed) |"
echo "|---|---|---|---|"
for r in "${ROW_LIST[@]}"; do
  case "$r" in
    party) for side in garbler evaluator; do
             row "one party, one thread, $side: AES-128 per block, the same file (AES-non-expanded, 6,800 AND)" "party-aes-file-$side" "party-aes-file-$side" ms time
             row "one party, one thread, $side: AES-128 per block, lib:aes128 (6,400 AND) against EMP's file" "party-aes-lib-$side" "party-aes-lib-$side" ms time
             row "one party, one thread, $side: 10^7 AND over 1,024 lanes" "party-and-$side" "party-and-$side" "M AND/s" rate
           done ;;
    gates) for s in "${SCHEME_LIST[@]}"; do row "10^7 AND end to end, two processes (gcstream $s)" "gates-$s" gates "M AND/s" rate; done ;;
    gbit) for s in "${SCHEME_LIST[@]}"; do row "10^7 AND under 1 Gbit/s, two processes (gcstream $s)" "gbit-$s" gbit "M AND/s" rate; done ;;
    aes-lib) row "AES-128 per independent execution, warm session, two processes, lib:aes128" aes-lib aes-lib ms time ;;
    aes-gcb) row "AES-128 per independent execution, warm session, two processes, .gcb from ${AES_GCB_FROM##*/}" aes-gcb aes-gcb ms time ;;
    cot) row "10^7 C-OT (gcstream: Δ per call)" cot cot "M OT/s" rate
         row "10^7 C-OT (gcstream: session Δ)" cot-session cot "M OT/s" rate ;;
    baseot) row "128 base OTs, warm (gcstream Chou-Orlandi, 2 threads; EMP Chou-Orlandi)" baseot baseot-co ms time
            row "128 base OTs, warm (gcstream Chou-Orlandi, 2 threads; EMP Naor-Pinkas)" baseot baseot-np ms time ;;
    cold) for n in "${COLD_LIST[@]}"; do
            row "$n AES-128 executions from cold processes: wall time of the pair (gc run --repeat $n; run.sh aes-fresh $n)" "cold-$n" "cold-$n" ms time
          done ;;
    first) row "first AES-128 run of a fresh pair: protocol time (gcstream: handshake + base OTs + run; EMP: setup + 1 block)" first first ms time
           row "first AES-128 run of a fresh pair: wall time of the two processes" first-wall first-wall ms time ;;
  esac
done
if [[ " ${ROW_LIST[*]} " == *" heap "* ]]; then
  ok=$(echo "${VALS[gc:heap]:-}" | tr ' ' '\n' | grep -c '^1$')
  echo
  echo "AES-128 with -Xmx4m -XX:+UseSerialGC on both gc run processes (3 executions): ran in $ok of $ROUNDS rounds${HEAP_ERR:+; last failure: $HEAP_ERR}"
fi
echo
echo "values per round, in round order:"
printf '%s' "$DETAILS"
failures=0; for k in "${!FAILS[@]}"; do failures=$((failures + FAILS[$k])); done
[ $failures = 0 ] || echo "failed measurements: $failures (left out of the medians; see stderr and $LOGS)"
