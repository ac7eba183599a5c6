# Sourced by the benchmarks that write one section of bench/RESULTS.md per PostgreSQL major (bench/uuidv7,
# bench/keys, bench/scale_out).

# splice_results_section NAME MAJOR FILE NUMBER TITLE: puts FILE between the markers "<!-- NAME pgMAJOR begin -->"
# and "<!-- NAME pgMAJOR end -->", replacing what they held; a major not there yet goes at the end of section
# NUMBER ("## NUMBER. TITLE", added at the end of the file, written by the calling script, when missing).
splice_results_section() {
	local name=$1 major=$2 section=$3 number=$4 title=$5 results=bench/RESULTS.md
	[ -f $results ] || echo "# Benchmark results" >$results
	grep -q "^## $number\. " $results ||
		printf '\n## %s. %s\n\nWritten by `bench/%s`.\n' "$number" "$title" "$(basename "$0")" >>$results
	awk -v begin="<!-- $name pg$major begin -->" -v end="<!-- $name pg$major end -->" -v file="$section" \
		-v heading="## $number. " '
		function insert() { while ((getline line < file) > 0) print line; close(file) }
		$0 == begin { print; insert(); skip = found = 1; next }
		$0 == end { skip = 0 }
		skip { next }
		/^## / {
			if (in_section && !found) { print begin; insert(); print end; print ""; found = 1 }
			in_section = index($0, heading) == 1
		}
		{ print }
		END { if (!found) { print ""; print begin; insert(); print end } }' $results >$results.new
	mv $results.new $results
}
