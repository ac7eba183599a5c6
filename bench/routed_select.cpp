// Routed point-select latency, interleaved: every iteration runs one prepared query against each target, in a
// shuffled order, so that the machine's noise falls on all targets alike. Prints one line per target:
// label, p50, p90, p99 and mean in microseconds.
//
//   routed_select ITERATIONS WARMUP LABEL CONNINFO QUERY IDS_QUERY [LABEL CONNINFO QUERY IDS_QUERY]...
//
// QUERY takes the id as $1 (text) and must return one row; IDS_QUERY lists the ids to draw from. A QUERY that
// begins with INSERT takes each id once, in order (IDS_QUERY lists fresh ones, at least WARMUP + ITERATIONS), and
// must insert one row.
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

struct Target {
	std::string label;
	PGconn *connection = nullptr;
	std::vector<std::string> ids;
	bool inserts = false;
	std::size_t next_id = 0;
	std::vector<double> micros;
};

[[noreturn]] void die(const std::string &message, PGconn *connection = nullptr) {
	std::fprintf(stderr, "routed_select: %s%s\n", message.c_str(), connection ? PQerrorMessage(connection) : "");
	std::exit(1);
}

void connect(Target &target, const char *conninfo, const char *query, const char *ids_query) {
	target.connection = PQconnectdb(conninfo);
	if (PQstatus(target.connection) != CONNECTION_OK)
		die(target.label + ": ", target.connection);
	PGresult *ids = PQexec(target.connection, ids_query);
	if (PQresultStatus(ids) != PGRES_TUPLES_OK || PQntuples(ids) == 0)
		die(target.label + ": no ids: ", target.connection);
	for (int row = 0; row < PQntuples(ids); row++)
		target.ids.emplace_back(PQgetvalue(ids, row, 0));
	PQclear(ids);
	target.inserts = std::string(query).rfind("INSERT", 0) == 0;
	PGresult *prepared = PQprepare(target.connection, "point_select", query, 1, nullptr);
	if (PQresultStatus(prepared) != PGRES_COMMAND_OK)
		die(target.label + ": ", target.connection);
	PQclear(prepared);
}

double run_once(Target &target, std::mt19937_64 &random) {
	if (target.inserts && target.next_id == target.ids.size())
		die(target.label + ": fewer fresh ids than inserts");
	const char *id = (target.inserts ? target.ids[target.next_id++] : target.ids[random() % target.ids.size()]).c_str();
	const auto started = std::chrono::steady_clock::now();
	PGresult *result = PQexecPrepared(target.connection, "point_select", 1, &id, nullptr, nullptr, 0);
	const auto finished = std::chrono::steady_clock::now();
	const bool done = target.inserts
		? PQresultStatus(result) == PGRES_COMMAND_OK && std::string(PQcmdTuples(result)) == "1"
		: PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1;
	if (!done)
		die(target.label + (target.inserts ? ": the insert did not insert one row for " : ": the point select did not return one row for ") + id + ": ", target.connection);
	PQclear(result);
	return std::chrono::duration<double, std::micro>(finished - started).count();
}

double percentile(std::vector<double> sorted, double fraction) {
	std::sort(sorted.begin(), sorted.end());
	return sorted[static_cast<std::size_t>(fraction * (sorted.size() - 1))];
}

} // namespace

int main(int argc, char **argv) {
	if (argc < 7 || (argc - 3) % 4 != 0)
		die("usage: routed_select ITERATIONS WARMUP LABEL CONNINFO QUERY IDS_QUERY...");
	const long iterations = std::atol(argv[1]);
	const long warmup = std::atol(argv[2]);
	std::vector<Target> targets((argc - 3) / 4);
	for (std::size_t i = 0; i < targets.size(); i++) {
		char **arguments = argv + 3 + 4 * i;
		targets[i].label = arguments[0];
		connect(targets[i], arguments[1], arguments[2], arguments[3]);
	}
	std::mt19937_64 random(20261123);
	std::vector<std::size_t> order(targets.size());
	for (std::size_t i = 0; i < order.size(); i++)
		order[i] = i;
	for (long iteration = 0; iteration < warmup + iterations; iteration++) {
		std::shuffle(order.begin(), order.end(), random);
		for (std::size_t i : order) {
			const double micros = run_once(targets[i], random);
			if (iteration >= warmup)
				targets[i].micros.push_back(micros);
		}
	}
	for (Target &target : targets) {
		double sum = 0;
		for (double micros : target.micros)
			sum += micros;
		std::printf("%s\t%.0f\t%.0f\t%.0f\t%.0f\n", target.label.c_str(), percentile(target.micros, 0.5),
		            percentile(target.micros, 0.9), percentile(target.micros, 0.99), sum / target.micros.size());
		PQfinish(target.connection);
	}
	return 0;
}
