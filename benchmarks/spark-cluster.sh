#!/usr/bin/env bash
# gcstream worker pairs on two real Spark standalone clusters, one per party, on loopback
# (docs/scale.md). Installs the Spark distribution of the pinned pyspark when missing (a venv
# under the cache dir), builds the jars, makes both parties' keys, starts a master and two
# workers (2 cores each) per party, and submits both parties' applications with spark-submit:
# the oblivious PRF over PRF_ROWS evaluator rows and the aggregate over ROWS rows a party, with
# K worker pairs. Every answer is checked against a plain computation. Then the same again,
# with one executor of each party killed (kill -9) once the aggregate's job is under way.
# Exits 0 when every answer is right, 1 otherwise; prints each job's time and the load.
#
#   benchmarks/spark-cluster.sh                      # K=4, PRF_ROWS=100000, ROWS=5000000
#   K=2 ROWS=100000 PRF_ROWS=1000 benchmarks/spark-cluster.sh
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

submit() { # party, leg, workloads; writes $work/LEG-PARTY.out and .log
  local party=$1 leg=$2 workloads=$3
  "$SPARK_HOME/bin/spark-submit" --master "${master[$party]}" --deploy-mode client \
    --conf spark.driver.host=127.0.0.1 --conf spark.cores.max=$K --conf spark.executor.cores=2 \
    --conf spark.executor.memory=1200m --driver-memory 2g \
    --conf spark.scheduler.minRegisteredResourcesRatio=1.0 \
    --conf spark.scheduler.maxRegisteredResourcesWaitingTime=120s \
    --conf spark.scheduler.barrier.maxConcurrentTasksCheck.interval=2s \
    --conf spark.scheduler.barrier.maxConcurrentTasksCheck.maxFailures=60 \
    --conf spark.ui.enabled=false \
    --jars "$jars" --class io.gcstream.spark.examples.WorkerPairsExample "$app" \
    run --role "$party" --workload "$workloads" --keys "$keys" --password-file "$work/password" \
    --endpoint "127.0.0.1:$endpoint" --bind 127.0.0.1 --slices "$K" --rows "$ROWS" --prf-rows "$PRF_ROWS" \
    --seed "$SEED" --connect-timeout 120 >"$work/$leg-$party.out" 2>"$work/$leg-$party.log"
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

ok=1
check() { # leg
  local leg=$1 party line want
  for party in creator evaluator; do
    grep -h ' in .* s$' "$work/$leg-$party.log" | sed "s/^/  $leg: /" || true
  done
  want_prf="$(sed -n 1p <<<"$expected")"; want_agg="$(sed -n 2p <<<"$expected")"
  got_prf="$(grep '^prf rows' "$work/$leg-evaluator.out" || true)"
  if [ "$got_prf" = "$want_prf" ]; then say "$leg: prf right ($got_prf)"; else
    say "$leg: prf WRONG: got '$got_prf', want '$want_prf'"; ok=0; fi
  for party in creator evaluator; do
    line="$(grep '^aggregate' "$work/$leg-$party.out" || true)"
    if [ "${line%% slices=*}" = "$want_agg" ]; then say "$leg: $party aggregate right ($line)"; else
      say "$leg: $party aggregate WRONG: got '$line', want '$want_agg'"; ok=0; fi
  done
  for party in creator evaluator; do
    grep -h 'gcstream worker pairs' "$work/$leg-$party.log" | sed 's/.*WorkerPairs: /    /' | cut -c1-200 || true
  done
}

for leg in plain killed; do
  [ "$leg" = killed ] && [ "$KILL" != 1 ] && break
  endpoint=$(free_port)
  say "$leg: submitting both parties (K=$K, PRF over $PRF_ROWS rows, aggregate over $ROWS rows a party); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  t0=$(date +%s)
  submit creator "$leg" prf,aggregate & c=$!
  submit evaluator "$leg" prf,aggregate & e=$!
  drivers=($c $e)
  if [ "$leg" = killed ]; then
    # Once the aggregate's first round runs on both sides, kill -9 one executor of each party.
    for _ in $(seq 1 600); do
      if [ "$(grep -c 'Starting job: count at WorkerPairs' "$work/$leg-creator.log" 2>/dev/null)" -ge 2 ] \
         && [ "$(grep -c 'Starting job: count at WorkerPairs' "$work/$leg-evaluator.log" 2>/dev/null)" -ge 2 ]; then
        break
      fi
      sleep 1
    done
    sleep 5
    for party in creator evaluator; do
      p=$(executor_of "$party")
      if [ -n "$p" ]; then say "killed: kill -9 $p (an executor of the $party)"; kill -9 "$p"; else
        say "killed: found no executor of the $party to kill"; ok=0; fi
    done
  fi
  rc=0; wait "$c" || rc=1; wait "$e" || rc=1
  say "$leg: both applications ended in $(( $(date +%s) - t0 )) s (exit $rc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  [ "$rc" = 0 ] || { ok=0; tail -n 5 "$work/$leg-creator.log" "$work/$leg-evaluator.log" || true; }
  check "$leg"
done

if [ "$ok" = 1 ]; then say "all answers right"; exit 0; fi
say "a wrong answer or a failed job"; exit 1
