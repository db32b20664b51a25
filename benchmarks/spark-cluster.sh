#!/usr/bin/env bash
# gcstream worker pairs on two real Spark standalone clusters, one per party, on loopback
# (docs/scale.md). Installs the Spark distribution of the pinned pyspark when missing (a venv
# under the cache dir), builds the jars, makes both parties' keys, starts a master and two
# workers (2 cores each) per party, and submits both parties' applications with spark-submit.
# Each application runs four jobs with K worker pairs: the oblivious PRF over PRF_ROWS
# evaluator rows, the aggregate over ROWS rows a party, then both again, during each of which
# one executor of each party is killed (kill -9); those jobs must then need a second round.
# Every answer is checked against a plain computation. Exits 0 when every answer is right and
# each kill landed mid-job, 1 otherwise; prints each job's time and the load.
#
#   benchmarks/spark-cluster.sh                      # K=4, PRF_ROWS=100000, ROWS=5000000
#   K=2 ROWS=100000 PRF_ROWS=1000 benchmarks/spark-cluster.sh
#   KILL=0 benchmarks/spark-cluster.sh               # the PRF and the aggregate once, no kill
#   KILL=0 JOBS=aggregate,aggregate K=2 ROWS=1000 benchmarks/spark-cluster.sh   # other jobs, no kill
set -euo pipefail
SPARK_VERSION=4.0.1                      # = spark.version of spark/pom.xml
K=${K:-4}
ROWS=${ROWS:-5000000}
PRF_ROWS=${PRF_ROWS:-100000}
SEED=${SEED:-7}
KILL=${KILL:-1}
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/gcstream"
venv="$cache/pyspark-$SPARK_VERSION"
work="$(mktemp -d "${TMPDIR:-/tmp}/gcstream-spark-cluster.XXXXXX")"
pids=()
drivers=()

cleanup() {
  local p
  for p in "${drivers[@]}"; do pkill -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; done
  # the executors our workers started, then the masters and workers
  for p in "${pids[@]}"; do pkill -P "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  sleep 1
  rm -rf "$work"
}
trap cleanup EXIT
say() { printf '%s  %s\n' "$(date +%T)" "$*"; }

# --- Spark: the full distribution ships inside the pyspark package --------------------------
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pyspark" 2>/dev/null; then
  say "installing pyspark==$SPARK_VERSION into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q "pyspark==$SPARK_VERSION"
fi
export SPARK_HOME
SPARK_HOME="$("$venv/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
got="$("$venv/bin/python" -c 'import pyspark; print(pyspark.__version__)')"
[ "$got" = "$SPARK_VERSION" ] || { echo "pyspark $got in $venv, expected $SPARK_VERSION" >&2; exit 1; }
export SPARK_LOCAL_IP=127.0.0.1 SPARK_LOG_DIR="$work/logs" SPARK_NO_DAEMONIZE=1
mkdir -p "$work/logs"

# --- jars and keys ---------------------------------------------------------------------------
say "building the jars (mvn -q -pl spark -am package -DskipTests)"
(cd "$root" && mvn -B -q -o -pl spark -am package -DskipTests -Dfuzz.smoke.skip=true -Dmaven.javadoc.skip=true -Dmaven.source.skip=true >/dev/null 2>&1 \
  || mvn -B -q -pl spark -am package -DskipTests -Dfuzz.smoke.skip=true -Dmaven.javadoc.skip=true -Dmaven.source.skip=true)
# Copies: a build in the tree while the applications run must not change their jars.
mkdir -p "$work/jars"
for m in circuits compiler ot engine spark; do cp "$root/$m/target/gcstream-$m-"*[0-9].jar "$work/jars/"; done
cp "$(find "$HOME/.m2/repository/org/bouncycastle/bcprov-jdk18on" -name 'bcprov-jdk18on-*.jar' | head -1)" "$work/jars/"
app="$(ls "$work/jars/gcstream-spark-"*.jar)"
jars="$(ls "$work/jars/"*.jar | grep -v '/gcstream-spark-[0-9]' | paste -sd, -)"
keys="$work/keys"
umask 077
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$work/password"
export GC_TLS_PASSWORD; GC_TLS_PASSWORD="$(cat "$work/password")"
java -cp "$app:${jars//,/:}" io.gcstream.spark.examples.WorkerPairsExample keys "$keys"
unset GC_TLS_PASSWORD

# --- two standalone clusters on loopback -----------------------------------------------------
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start() { # name, then the spark-class arguments
  local name=$1; shift
  "$SPARK_HOME/bin/spark-class" "$@" >"$work/logs/$name.log" 2>&1 &
  pids+=($!)
}
declare -A master
for party in creator evaluator; do
  port=$(free_port)
  master[$party]="spark://127.0.0.1:$port"
  start "$party-master" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port 0
  for w in 1 2; do
    mkdir -p "$work/$party-worker$w"
    start "$party-worker$w" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 2 --memory 1500m \
      --webui-port 0 --work-dir "$work/$party-worker$w" "${master[$party]}"
  done
done
say "clusters: creator ${master[creator]}, evaluator ${master[evaluator]} (2 workers x 2 cores each)"

submit() { # party, workloads; writes $work/PARTY.out and .log
  local party=$1 workloads=$2
  "$SPARK_HOME/bin/spark-submit" --master "${master[$party]}" --deploy-mode client \
    --conf spark.driver.host=127.0.0.1 --conf spark.cores.max=$K --conf spark.executor.cores=$(( K < 2 ? K : 2 )) \
    --conf spark.executor.memory=1200m --driver-memory 2g \
    --conf spark.scheduler.minRegisteredResourcesRatio=1.0 \
    --conf spark.scheduler.maxRegisteredResourcesWaitingTime=120s \
    --conf spark.scheduler.barrier.maxConcurrentTasksCheck.interval=2s \
    --conf spark.scheduler.barrier.maxConcurrentTasksCheck.maxFailures=60 \
    --conf spark.ui.enabled=false \
    --jars "$jars" --class io.gcstream.spark.examples.WorkerPairsExample "$app" \
    run --role "$party" --workload "$workloads" --keys "$keys" --password-file "$work/password" \
    --endpoint "127.0.0.1:$endpoint" --bind 127.0.0.1 --slices "$K" --rows "$ROWS" --prf-rows "$PRF_ROWS" \
    --seed "$SEED" --connect-timeout 120 >"$work/$party.out" 2>"$work/$party.log"
}

executor_of() { # party: the pid of one executor of that party (its working directory is its worker's)
  local p
  for p in $(pgrep -f CoarseGrainedExecutorBackend || true); do
    case "$(readlink "/proc/$p/cwd" 2>/dev/null)" in "$work/$1-worker"*) echo "$p"; return ;; esac
  done
}

say "computing the plain answers"
expected="$(java -cp "$app:${jars//,/:}" io.gcstream.spark.examples.WorkerPairsExample expected \
  --workload prf,aggregate --rows "$ROWS" --prf-rows "$PRF_ROWS" --seed "$SEED")"
want_prf="$(sed -n 1p <<<"$expected")"; want_agg="$(sed -n 2p <<<"$expected")"

workloads=${JOBS:-prf,aggregate}
[ "$KILL" = 1 ] && workloads=prf,aggregate,prf,aggregate
endpoint=$(free_port)
say "submitting both parties: $workloads (K=$K, PRF over $PRF_ROWS rows, aggregate over $ROWS rows a party); load: $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s)
submit creator "$workloads" & c=$!
submit evaluator "$workloads" & e=$!
drivers=($c $e)
ok=1
if [ "$KILL" = 1 ]; then
  # Once job 2 (the second PRF), then job 3 (the second aggregate), runs on both sides, kill -9
  # one executor of each party (Spark's workers start a new one in its place).
  started() { grep -q "job $2, $3 over $K slices, starting" "$work/$1.log" 2>/dev/null; }
  for job in 2:prf 3:aggregate; do
    until { started creator "${job%%:*}" "${job#*:}" && started evaluator "${job%%:*}" "${job#*:}"; } \
        || ! kill -0 "$c" 2>/dev/null || ! kill -0 "$e" 2>/dev/null; do
      sleep 1
    done
    sleep 10
    for party in creator evaluator; do
      p=$(executor_of "$party")
      if [ -n "$p" ]; then say "killed: kill -9 $p (an executor of the $party, job $job)"; kill -9 "$p"; else
        say "killed: found no executor of the $party to kill (job $job)"; ok=0; fi
    done
  done
fi
rc=0; wait "$c" || rc=1; wait "$e" || rc=1
say "both applications ended in $(( $(date +%s) - t0 )) s (exit $rc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$rc" = 0 ] || { ok=0; tail -n 5 "$work/creator.log" "$work/evaluator.log" || true; }

for party in creator evaluator; do
  grep -h ' s$' "$work/$party.log" | grep ': job ' | sed 's/^/  /' || true
  grep -h 'gcstream worker pairs' "$work/$party.log" | sed 's/.*WorkerPairs: /    /' | cut -c1-200 || true
done
n=0
while IFS= read -r line; do
  n=$((n + 1)); leg=plain; [ "$KILL" = 1 ] && [ "$n" = 2 ] && leg=killed
  if [ "$line" != "$want_prf" ]; then
    say "$leg: prf WRONG: got '$line', want '$want_prf'"; ok=0
  elif [ "$leg" = killed ] && ! grep -q "job 2 (oblivious PRF over $K slices), round 2:" "$work/evaluator.log"; then
    say "killed: prf right but in one round: the kill did not land mid-job ($line)"; ok=0
  else say "$leg: prf right ($line)"; fi
done < <(grep '^prf rows' "$work/evaluator.out" || true)
want_n=$(tr ',' '\n' <<<"$workloads" | grep -c '^prf$' || true)
[ "$n" = "$want_n" ] || { say "evaluator: $n PRF answers, want $want_n"; ok=0; }
want_n=$(tr ',' '\n' <<<"$workloads" | grep -c '^aggregate$' || true)
for party in creator evaluator; do
  n=0
  while IFS= read -r line; do
    n=$((n + 1)); leg=plain; [ "$KILL" = 1 ] && [ "$n" = 2 ] && leg=killed
    if [ "${line%% slices=*}" != "$want_agg" ]; then
      say "$leg: $party aggregate WRONG: got '$line', want '$want_agg'"; ok=0
    elif [ "$leg" = killed ] && [ "${line##*rounds=}" -lt 2 ]; then
      say "killed: $party aggregate right but in one round: the kill did not land mid-job ($line)"; ok=0
    else say "$leg: $party aggregate right ($line)"; fi
  done < <(grep '^aggregate' "$work/$party.out" || true)
  [ "$n" = "$want_n" ] || { say "$party: $n aggregate answers, want $want_n"; ok=0; }
done

if [ "$ok" = 1 ]; then say "all answers right"; exit 0; fi
say "a wrong answer or a failed job"; exit 1
