#!/bin/bash
# Start to healthy with an existing data folder (docs/performance.md "Cold start"): the time from
# launching `tsx platform/src/main.ts` to the first answer of /api/health, and the CPU the process
# tree (tsx, node, postgres) used by then. With two checkouts the runs alternate, so both see the
# same machine load. Each checkout needs `npm ci` and `npm run build` done.
#
#   bash bench/cold-start.sh <runs> <checkout> [<another checkout>]
#
# DATA (default /tmp/phonefleet-cold-start) is the data folder, made by a first run not counted;
# PORT (default 18935) the console's port.
set -eu
runs=$1; shift
data=${DATA:-/tmp/phonefleet-cold-start}
port=${PORT:-18935}

tree_ticks() {  # user+system clock ticks of $1 and its descendants
  local total=0 child
  [ -r "/proc/$1/stat" ] && total=$(awk '{print $14+$15}' "/proc/$1/stat")
  for child in $(pgrep -P "$1" || true); do total=$(( total + $(tree_ticks "$child") )); done
  echo "$total"
}

start_once() {  # prints "<wall ms> <cpu ms>"
  cd "$1"
  local begin end ticks pid
  begin=$(date +%s%N)
  PORT=$port SIP_PORT=0 PHONEFLEET_DATA_DIR=$data ADMIN_PASSWORD='Cold-Start-4711' \
    node_modules/.bin/tsx platform/src/main.ts > /dev/null 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "localhost:$port/api/health"; do sleep 0.01; done
  end=$(date +%s%N)
  ticks=$(tree_ticks "$pid")
  kill -TERM "$pid"; wait "$pid" || true
  echo "$(( (end - begin) / 1000000 )) $(( ticks * 1000 / $(getconf CLK_TCK) ))"
}

start_once "$1" > /dev/null  # makes the data folder (initdb, migrations) when it is new
for i in $(seq 1 "$runs"); do
  line="run $i:"
  for checkout in "$@"; do
    read -r wall cpu < <(start_once "$checkout")
    line="$line  $(basename "$checkout") ${wall} ms wall, ${cpu} ms CPU"
  done
  echo "$line  (load $(cut -d' ' -f1 /proc/loadavg))"
done
