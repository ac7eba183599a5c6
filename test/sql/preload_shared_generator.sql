-- With identities in shared_preload_libraries, every backend draws from one generator in shared memory:
-- ids from different sessions are unique and increase in the order they were generated.
SELECT current_setting('shared_preload_libraries') AS preloaded;
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT dblink_connect('first', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
SELECT dblink_connect('second', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));

-- alternate between two other sessions and this one, 200 rounds
CREATE TEMP TABLE drawn (round integer, session text, id distributedid);
DO $$
BEGIN
	FOR round IN 1..200 LOOP
		INSERT INTO drawn SELECT round, 'first', id
		FROM dblink('first', 'SELECT distributedid_generate()') AS t(id distributedid);
		INSERT INTO drawn SELECT round, 'second', id
		FROM dblink('second', 'SELECT distributedid_generate()') AS t(id distributedid);
		INSERT INTO drawn VALUES (round, 'this', distributedid_generate());
	END LOOP;
END $$;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids FROM drawn;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY round, array_position(ARRAY['first', 'second', 'this'], session)) AS previous
      FROM drawn) AS pairs
WHERE id <= previous;

-- another session's backend sees the same identities.incremental_ids rules: its own, per session
SET identities.incremental_ids = '7';
SELECT distributedid_generate() AS this_session;
SELECT id > '1000000000000000000000000000' AS other_session_unaffected
FROM dblink('first', 'SELECT distributedid_generate()') AS t(id distributedid);
RESET identities.incremental_ids;

SELECT dblink_disconnect('first'), dblink_disconnect('second');

-- the same for DistributedId128: one generator for the whole server
SELECT dblink_connect('first', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
CREATE TEMP TABLE drawn128 (round integer, session text, id uuid);
DO $$
BEGIN
	FOR round IN 1..200 LOOP
		INSERT INTO drawn128 SELECT round, 'first', id FROM dblink('first', 'SELECT distributedid128_generate()') AS t(id uuid);
		INSERT INTO drawn128 VALUES (round, 'this', distributedid128_generate());
	END LOOP;
END $$;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids FROM drawn128;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY round, session) AS previous FROM drawn128) AS pairs
WHERE id <= previous;
SELECT dblink_disconnect('first');
