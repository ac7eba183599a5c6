# Ids drawn in phases, and the check that a later phase lies above every earlier one: the high-water mark's tests
# (restarts, failovers, upgrades, dumps and replicas between majors). Sourced; each function takes the name of a
# function that runs one SQL command on the server in question and prints its unaligned, tuples-only output.

# The table, with a DEFAULT of every generator that keeps the mark (Snowflake and SIQ need a preloaded server).
DRAWN_IDS_TABLE="CREATE TABLE drawn (phase integer, n integer, snowflake bigint DEFAULT snowflake_generate(),
	siq siq DEFAULT siq_generate('message'), iuid iuid DEFAULT iuid_generate(42, 7),
	uuidv7 uuid DEFAULT uuidv7_generate(), hotguid uuid DEFAULT hotguid_generate(17))"

# draw_ids SQL PHASE [COUNT]: COUNT (20000) rows of new ids in PHASE.
draw_ids() {
	"$1" "INSERT INTO drawn (phase, n) SELECT $2, n FROM generate_series(1, ${3:-20000}) AS n" >/dev/null
}

# ids_not_above SQL PHASE: the formats whose ids of PHASE do not all lie above those of every earlier phase
# (HotGuid: not earlier, its seconds), and "repeated" when an id appears twice; empty when all is well.
ids_not_above() {
	"$1" "
		WITH earlier AS (SELECT max(snowflake) AS snowflake, max(siq) AS siq, max(iuid) AS iuid, max(uuidv7::text) AS uuidv7,
		                        max(hotguid_extract_timestamp(hotguid)) AS hotguid FROM drawn WHERE phase < $2),
		     later AS (SELECT min(snowflake) AS snowflake, min(siq) AS siq, min(iuid) AS iuid, min(uuidv7::text) AS uuidv7,
		                      min(hotguid_extract_timestamp(hotguid)) AS hotguid, count(*) AS drawn FROM drawn WHERE phase = $2)
		SELECT concat_ws(' ',
		         CASE WHEN later.snowflake <= earlier.snowflake THEN 'snowflake' END,
		         CASE WHEN later.siq <= earlier.siq THEN 'siq' END,
		         CASE WHEN later.iuid <= earlier.iuid THEN 'iuid' END,
		         CASE WHEN later.uuidv7 <= earlier.uuidv7 THEN 'uuidv7' END,
		         CASE WHEN later.hotguid < earlier.hotguid THEN 'hotguid' END,
		         CASE WHEN (SELECT count(*) - count(DISTINCT snowflake) + count(*) - count(DISTINCT siq)
		                           + count(*) - count(DISTINCT iuid) + count(*) - count(DISTINCT uuidv7)
		                           + count(*) - count(DISTINCT hotguid) FROM drawn) > 0 THEN 'repeated' END,
		         CASE WHEN later.drawn = 0 THEN 'none drawn' END)
		FROM earlier, later"
}

# ids_behind SQL PHASE: the formats whose ids of PHASE all lie below the newest of earlier phases: a server whose
# clock is behind shows the mark is needed (a check of ids_not_above that could not fail proves nothing).
ids_behind() {
	"$1" "
		SELECT concat_ws(' ',
		         CASE WHEN (SELECT max(snowflake) FROM drawn WHERE phase = $2) < (SELECT max(snowflake) FROM drawn WHERE phase < $2) THEN 'snowflake' END,
		         CASE WHEN (SELECT max(iuid) FROM drawn WHERE phase = $2) < (SELECT max(iuid) FROM drawn WHERE phase < $2) THEN 'iuid' END)"
}
