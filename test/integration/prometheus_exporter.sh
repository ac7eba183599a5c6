# The generators' statistics through Prometheus: monitoring/prometheus/alerts.yaml passes `promtool check rules`
# and its unit tests (`promtool test rules`); the real prometheus-postgres-exporter (Debian's), given
# monitoring/prometheus/queries.yaml and pointed at a preloaded server that made Snowflakes, ULIDs and a DistributedId
# load past its burst, serves on its HTTP endpoint every counter of identities_stats equal to the view, the
# durations in seconds, and the node identity set in the server's configuration as identities_node_info's labels.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=55681
exporter_address=127.0.0.1:59187
fail_prefix="prometheus_exporter: "
monitoring=$IDENTITIES_ROOT/monitoring/prometheus

# Once, on the host's PostgreSQL: neither the exporter nor the rules depend on the major, and the chroots need not
# install Prometheus.
if [ "$PG_MAJOR" != "$HOST_MAJOR" ]; then
	echo "skipped: runs once, against PostgreSQL $HOST_MAJOR on the host"
	exit 77
fi

# The packages start no service while they install (a policy-rc.d of our own when the machine has none): the test
# runs the exporter itself, and nothing of it may outlive the test.
missing=no
for package in prometheus prometheus-postgres-exporter curl; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing=yes
done
if [ $missing = yes ]; then
	own_policy=no
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
		chmod +x /usr/sbin/policy-rc.d
		own_policy=yes
	fi
	install_dependencies prometheus prometheus-postgres-exporter curl || { [ $own_policy = no ] || rm -f /usr/sbin/policy-rc.d; echo "skipped: prometheus and prometheus-postgres-exporter cannot be installed"; exit 77; }
	[ $own_policy = no ] || rm -f /usr/sbin/policy-rc.d
fi

promtool check rules "$monitoring/alerts.yaml" >/dev/null || fail "promtool check rules refused alerts.yaml"
(cd "$monitoring" && promtool test rules alerts_test.yaml >/dev/null) || fail "promtool test rules: alerts_test.yaml failed"
echo "alerts.yaml: promtool check rules and test rules passed"

exporter_pid=
servers_stopped_on_exit
trap '[ -z "$exporter_pid" ] || { kill "$exporter_pid" 2>/dev/null; wait "$exporter_pid" 2>/dev/null || true; }; stop_servers' EXIT
start_server prometheus_exporter $port yes "identities.snowflake_worker = 7" "identities.snowflake_process = 2"
sql $port -c "CREATE EXTENSION identities" \
	-c "SELECT count(snowflake_generate()) FROM generate_series(1, 1000)" \
	-c "SELECT count(ulid_generate()) FROM generate_series(1, 1000)" \
	-c "SELECT count(distributedid_generate()) FROM generate_series(1, 600000)" \
	-c "SELECT identities_stats_reset('hotguid')" >/dev/null
[ "$(value $port "SELECT ids_waited > 0 FROM identities_stats WHERE format = 'distributedid'")" = t ] ||
	fail "the DistributedId load did not wait (so the wait counters would be checked at 0 only)"

# The exporter as Debian runs it, on this server's socket, its own metrics left on: the process itself is $! (setpriv
# execs it, where runuser would stay its parent), and it holds none of the suite's descriptors (the suite's lock).
curl -s "http://$exporter_address/metrics" >/dev/null 2>&1 && fail "something already listens on $exporter_address"
setpriv --reuid=postgres --regid=postgres --init-groups \
	env DATA_SOURCE_NAME="host=$IDENTITIES_WORK port=$port user=postgres dbname=postgres sslmode=disable" \
	/usr/bin/prometheus-postgres-exporter --web.listen-address="$exporter_address" \
	--extend.query-path="$monitoring/queries.yaml" >"$IDENTITIES_WORK/exporter.log" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
exporter_pid=$!
metrics=$IDENTITIES_WORK/metrics.txt
for _ in $(seq 300); do
	kill -0 "$exporter_pid" 2>/dev/null || fail "the exporter stopped: $(tail -n 20 "$IDENTITIES_WORK/exporter.log")"
	scrape_started=$(date +%s.%N)
	curl -sf "http://$exporter_address/metrics" >"$metrics" 2>/dev/null && grep -q '^identities_stats_ids_generated' "$metrics" && break
	sleep 0.1
done
scrape_ended=$(date +%s.%N)
grep -q '^identities_stats_ids_generated' "$metrics" || fail "the exporter serves no identities_stats metric:
$(tail -n 20 "$IDENTITIES_WORK/exporter.log")"

# The view read after the scrape, nothing generated in between: every column equal; the gauges against the clock
# (an id's or the mark's instant less the clock at the scrape) put the scrape's clock between the instants this
# script read before and after it, however long the scrape took.
view=$IDENTITIES_WORK/view.tsv
value $port "SELECT format, ids_generated, ids_waited, wait_time_ms / 1000, ids_ahead_of_clock, clock_steps_back,
	max_ahead_of_clock_ms / 1000, max_clock_step_back_ms / 1000, extract(epoch FROM epoch_end),
	coalesce(extract(epoch FROM newest_id_time), 'NaN'), coalesce(extract(epoch FROM high_water_mark), 'NaN'),
	coalesce(extract(epoch FROM stats_reset), 'NaN')
	FROM identities_stats ORDER BY format" | tr '|' '\t' >"$view"
compared=$(python3 - "$metrics" "$view" "$scrape_started" "$scrape_ended" <<'EOF'
import math, re, sys
metrics, view = sys.argv[1], sys.argv[2]
scrape_started, scrape_ended = float(sys.argv[3]), float(sys.argv[4])
series = {}
for line in open(metrics):
    match = re.match(r'^(identities_stats_\w+)\{([^}]*)\} (\S+)$', line.strip())
    if match:
        labels = dict(re.findall(r'(\w+)="([^"]*)"', match.group(2)))
        series[(match.group(1), labels.get('format'))] = float(match.group(3))
columns = [('ids_generated', 0), ('ids_waited', 0), ('wait_seconds', 1e-9), ('ids_ahead_of_clock', 0),
           ('clock_steps_back', 0), ('max_ahead_of_clock_seconds', 1e-9), ('max_clock_step_back_seconds', 1e-9),
           ('epoch_end_seconds', 1e-3), ('newest_id_time_seconds', 1e-3),
           ('high_water_mark_seconds', 1e-3), ('stats_reset_seconds', 1e-3)]
checked, wrong = 0, []
for row in open(view):
    fields = row.rstrip('\n').split('\t')
    form, values = fields[0], [float(v) for v in fields[1:]]
    for (column, tolerance), expected in zip(columns, values):
        got = series.get(('identities_stats_' + column, form))
        same = got is not None and ((math.isnan(got) and math.isnan(expected)) or abs(got - expected) <= tolerance)
        checked += 1
        if not same:
            wrong.append(f'{form} {column}: view {expected}, exporter {got}')
    # epoch_years_left is the years to epoch_end from the scrape's clock too
    for instant, ahead in (('newest_id_time_seconds', 'newest_ahead_of_clock_seconds'),
                           ('high_water_mark_seconds', 'high_water_mark_ahead_seconds'),
                           ('epoch_end_seconds', None)):
        at, gauge = series.get(('identities_stats_' + instant, form)), None
        if ahead is None:
            years = series.get(('identities_stats_epoch_years_left', form))
            gauge = None if years is None else years * 365.2425 * 86400
        else:
            gauge = series.get(('identities_stats_' + ahead, form))
        checked += 1
        if at is None or gauge is None or math.isnan(at) != math.isnan(gauge):
            wrong.append(f'{form} {ahead or "epoch_years_left"}: {gauge} beside {instant} {at}')
        elif not math.isnan(at) and not scrape_started - 0.01 <= at - gauge <= scrape_ended + 0.01:
            wrong.append(f'{form} {ahead or "epoch_years_left"}: the clock {at - gauge} outside the scrape '
                         f'({scrape_started} to {scrape_ended})')
print(checked, len(wrong), '; '.join(wrong))
EOF
)
read -r checked wrong details <<<"$compared"
[ "$wrong" = 0 ] && [ "$checked" -ge 112 ] || fail "the exporter's metrics differ from identities_stats ($checked compared): $details"
echo "the exporter's identities_stats metrics equal the view: $checked values of $(wc -l <"$view") formats"
grep -qE '^identities_stats_ids_generated\{.*format="ulid".*\} 1000$' "$metrics" ||
	fail "identities_stats_ids_generated for ulid is not 1000"
grep -qE '^identities_stats_high_water_mark_seconds\{.*format="distributedid".*\} NaN$' "$metrics" ||
	fail "a format that keeps no high-water mark is not NaN"
grep -qE '^identities_node_info\{.*snowflake_process="2".*snowflake_worker="7".*\} 1$' "$metrics" ||
	fail "identities_node_info does not carry the configured Snowflake worker and process:
$(grep '^identities_node_info' "$metrics")"
echo "identities_node_info: $(grep '^identities_node_info' "$metrics")"
