# Shared by scripts/cassandra/run (one node) and scripts/cassandra/cluster (three nodes):
# resolving the jars from Maven Central, and starting one node from a folder of its own.
# Callers set: here (this folder), then source this file.

version=$(sed -n 's:.*<cassandra.version>\(.*\)</cassandra.version>.*:\1:p' "$here/pom.xml")
cache=${SIBYL_CACHE:-$HOME/.cache/sibyl}/cassandra-$version
lib=$cache/lib
start_timeout=${CASSANDRA_START_TIMEOUT:-180}

say() { printf 'cassandra: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# Whether host $1 answers on CQL port $2.
cql_answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

fetch() {
  if [ -f "$lib/.complete" ]; then return 0; fi
  command -v mvn >/dev/null || die "mvn is not installed (Debian package: maven)"
  command -v java >/dev/null || die "java is not installed (Debian package: openjdk-17-jre-headless)"
  say "resolving cassandra-all $version and its dependencies from Maven Central"
  rm -rf "$lib.tmp"
  mkdir -p "$cache"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$lib.tmp" >&2 \
    || die "mvn could not resolve org.apache.cassandra:cassandra-all:$version"
  rm -rf "$lib"
  mv "$lib.tmp" "$lib"
  touch "$lib/.complete"
  say "$(ls "$lib" | wc -l) jars cached in $lib"
}

java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1; }

# launch STATE HEAP HOST PORT [JVM property...]: starts a node whose cassandra.yaml and
# logback.xml are in STATE/conf, data and logs under STATE, and waits until HOST:PORT
# answers CQL. Writes STATE/cassandra.pid.
launch() {
  local state=$1 heap=$2 host=$3 port=$4; shift 4
  fetch
  local major; major=$(java_major)
  [ "${major:-0}" -ge 17 ] || die "Java 17 or newer is needed (found: ${major:-none})"
  mkdir -p "$state/data" "$state/logs"
  local jamm; jamm=$(ls "$lib"/jamm-*.jar 2>/dev/null | head -n 1)
  [ -n "$jamm" ] || die "jamm jar missing from $lib"
  local opts=(
    -Xms"$heap" -Xmx"$heap" -XX:+UseG1GC -XX:+ParallelRefProcEnabled -XX:MaxTenuringThreshold=1
    -XX:G1HeapRegionSize=16m -XX:MaxGCPauseMillis=300 -Xss512k
    -javaagent:"$jamm"
    -Djdk.attach.allowAttachSelf=true
    -Dio.netty.tryReflectionSetAccessible=true
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
    --add-exports java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED
    --add-exports java.rmi/sun.rmi.registry=ALL-UNNAMED
    --add-exports java.rmi/sun.rmi.server=ALL-UNNAMED
    --add-exports java.sql/java.sql=ALL-UNNAMED
    --add-exports java.base/java.lang.ref=ALL-UNNAMED
    --add-exports jdk.unsupported/sun.misc=ALL-UNNAMED
    --add-exports jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
    --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
    --add-opens java.base/java.lang.module=ALL-UNNAMED
    --add-opens java.base/jdk.internal.loader=ALL-UNNAMED
    --add-opens java.base/jdk.internal.ref=ALL-UNNAMED
    --add-opens java.base/jdk.internal.reflect=ALL-UNNAMED
    --add-opens java.base/jdk.internal.math=ALL-UNNAMED
    --add-opens java.base/jdk.internal.module=ALL-UNNAMED
    --add-opens java.base/jdk.internal.util.jar=ALL-UNNAMED
    --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED
    --add-opens java.base/sun.nio.ch=ALL-UNNAMED
    --add-opens java.base/java.io=ALL-UNNAMED
    --add-opens java.base/java.lang.reflect=ALL-UNNAMED
    --add-opens jdk.compiler/com.sun.tools.javac=ALL-UNNAMED
    --add-opens java.base/java.lang=ALL-UNNAMED
    --add-opens java.base/java.util=ALL-UNNAMED
    --add-opens java.base/java.nio=ALL-UNNAMED
    -Dcassandra.config="file://$state/conf/cassandra.yaml"
    -Dcassandra.storagedir="$state/data"
    -Dcassandra.logdir="$state/logs"
    -Dlogback.configurationFile="$state/conf/logback.xml"
    -Dcassandra-foreground=yes
    -Dcassandra.skip_wait_for_gossip_to_settle=0
    "$@"
  )
  say "starting Cassandra $version on $host:$port (heap $heap, data in $state)"
  nohup java "${opts[@]}" -cp "$state/conf:$lib/*" org.apache.cassandra.service.CassandraDaemon \
    >"$state/logs/stdout.log" 2>&1 </dev/null &
  echo $! >"$state/cassandra.pid"
  local pid=$!
  local waited=0
  until cql_answers "$host" "$port"; do
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 30 "$state/logs/stdout.log" >&2 || true
      die "the node exited before its CQL port answered (logs: $state/logs)"
    fi
    if [ "$waited" -ge "$start_timeout" ]; then
      tail -n 30 "$state/logs/system.log" >&2 || true
      die "CQL port $host:$port did not answer within ${start_timeout}s (logs: $state/logs)"
    fi
    sleep 1; waited=$((waited + 1))
  done
  say "CQL answers on $host:$port after ${waited}s (pid $pid)"
}

# halt STATE [SIGNAL]: stops the node of STATE (TERM, then KILL after 60 s; or at once
# with KILL).
halt() {
  local state=$1 signal=${2:-TERM}
  local pidfile=$state/cassandra.pid
  if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    local pid; pid=$(cat "$pidfile")
    # A node frozen (SIGSTOP) by a test that died meanwhile answers no signal but KILL.
    kill -CONT "$pid" 2>/dev/null || true
    kill "-$signal" "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
    say "stopped $state (pid $pid, $signal)"
  else
    say "no node of $state is running"
  fi
}
