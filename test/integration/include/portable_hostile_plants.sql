-- What a role that may create in the portable edition's target schema "trap" plants there before the edition is
-- installed (test/integration/portable_hostile.sh runs it as that role, the attacker, no superuser). Every plant
-- records that it ran (a WARNING in the server log, "hostile plant ran: WHAT | as ROLE | from: CALLERS | query:
-- QUERY", which no rollback takes back), tries what an attacker would do with the rights of whoever ran it (make
-- the attacker a superuser, grant it the running role, copy the public id key into its table trap.hostile_loot),
-- and then does what the object it stands in for does, so that the edition goes on and every plant it reaches is
-- reported, not only the first (each once per session and caller). The psql variables, from the built scripts:
--   names      identifiers followed by "(" (comma-separated): for each that pg_catalog has, an exact duplicate
--              of every signature (functions, aggregates), and the better matches below
--   operators  operator symbols: an exact duplicate of every pg_catalog operator of each, and better matches
--   words      every identifier: those naming a pg_catalog type get a domain trap.NAME whose CHECK records, those
--              naming a pg_catalog table or view a view trap.NAME that records when read
--   own        the edition's own functions (NAME:ARGUMENT TYPE OIDS:RESULT TYPE OID, from a scouting install):
--              overloads of them in their own schema that a call needing an implicit cast, or passing a quoted
--              literal, would prefer
--   attacker   the role running this
-- Better matches: a signature whose arguments a call could match exactly where the real one needs an implicit cast
-- (numeric <- smallint, integer, bigint; text <- name, varchar, char; timestamptz <- date, timestamp; ...) or is
-- passed a quoted literal (text, for an argument of any other type), and concrete types in place of "any",
-- anyelement, anynonarray, anycompatible (format(text, name), ||(text, integer)). With search_path = trap,
-- pg_catalog an exact duplicate wins over pg_catalog's; with pg_catalog first (a CREATE EXTENSION's default path)
-- only a better match does, and in the edition's own schema only a better match can be planted.
\set ON_ERROR_STOP on
SET search_path = pg_catalog, pg_temp;
SET client_min_messages = warning;
SELECT set_config('hostile.names', :'names', false), set_config('hostile.operators', :'operators', false),
	set_config('hostile.words', :'words', false), set_config('hostile.own', :'own', false),
	set_config('hostile.attacker', :'attacker', false) \gset

CREATE TABLE trap.hostile_loot (who text, what text);
GRANT INSERT ON trap.hostile_loot TO PUBLIC;
CREATE TABLE trap.hostile_planted (kind text, what text, signature text);
CREATE INDEX ON trap.hostile_planted (signature);
CREATE SEQUENCE trap.hostile_numbers;
GRANT SELECT ON trap.hostile_planted TO PUBLIC;

DO $recorder$
BEGIN
	EXECUTE format($f$
CREATE FUNCTION trap.hostile_record(what text) RETURNS void LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $body$
DECLARE
	stack text;
	callers text;
	site text;
BEGIN
	GET DIAGNOSTICS stack = PG_CONTEXT;
	-- who called the plant: the context but this function's frames and the plant's own (the first left)
	SELECT string_agg(btrim(line), ' <- ' ORDER BY n) INTO callers
		FROM (SELECT line, row_number() OVER (ORDER BY n) AS n
			FROM regexp_split_to_table(stack, E'\n') WITH ORDINALITY AS c(line, n) WHERE line NOT LIKE '%%hostile_record%%') AS frames
		WHERE n > 1;
	-- once per session for a plant and its immediate caller (a plant in a loop would fill the log)
	site := md5(what || split_part(coalesce(callers, ''), ' <- ', 1));
	IF strpos(coalesce(current_setting('hostile.recorded', true), ''), site) > 0 THEN
		RETURN;
	END IF;
	PERFORM set_config('hostile.recorded', coalesce(current_setting('hostile.recorded', true), '') || site, false);
	RAISE WARNING 'hostile plant ran: %% | as %% | from: %% | query: %%', what, current_user, coalesce(callers, '-'),
		left(regexp_replace(coalesce(current_query(), ''), '\s+', ' ', 'g'), 300);
	IF current_user <> %1$L THEN
		BEGIN
			IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
				EXECUTE 'ALTER ROLE %1$I SUPERUSER';
			END IF;
			EXECUTE format('GRANT %%I TO %1$I', current_user);
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
		BEGIN
			EXECUTE 'INSERT INTO trap.hostile_loot SELECT current_user, k::text FROM trap.identities_public_key AS k';
		EXCEPTION WHEN OTHERS THEN
			NULL;
		END;
	END IF;
END
$body$$f$, current_setting('hostile.attacker'));
END
$recorder$;
CREATE FUNCTION trap.hostile_flag(what text) RETURNS boolean LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	PERFORM trap.hostile_record(what);
	RETURN true;
END
$$;
GRANT EXECUTE ON FUNCTION trap.hostile_record(text), trap.hostile_flag(text) TO PUBLIC;

-- Helpers of this session. (Argument types are taken as string_to_array(proargtypes::text, ' ')::oid[]: an oidvector
-- cast to oid[] keeps its subscripts from 0.)
CREATE FUNCTION pg_temp.type_name(type_oid oid) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT format('%I.%I', n.nspname, t.typname) FROM pg_type AS t JOIN pg_namespace AS n ON n.oid = t.typnamespace
		WHERE t.oid = type_oid);
CREATE FUNCTION pg_temp.type_list(types oid[]) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT coalesce(string_agg(pg_temp.type_name(t), ', ' ORDER BY i), '') FROM unnest(types) WITH ORDINALITY AS a(t, i));
CREATE FUNCTION pg_temp.shown(types oid[]) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT coalesce(string_agg(format_type(t, NULL), ',' ORDER BY i), '') FROM unnest(types) WITH ORDINALITY AS a(t, i));
-- "any" and the single polymorphic types a concrete type can stand for in a better match
CREATE FUNCTION pg_temp.is_any(type_oid oid) RETURNS boolean LANGUAGE sql IMMUTABLE
	RETURN type_oid IN ('"any"'::regtype, 'anyelement'::regtype, 'anynonarray'::regtype, 'anycompatible'::regtype,
		'anycompatiblenonarray'::regtype);
CREATE FUNCTION pg_temp.is_pseudo(type_oid oid) RETURNS boolean LANGUAGE sql STABLE
	RETURN (SELECT typtype = 'p' FROM pg_type WHERE oid = type_oid);
-- what a better match may take in place of a type: the types among the usual ones with an implicit cast to it, and
-- text (a quoted literal is of type unknown, and text, the string category's preferred type, wins it over any other
-- category: f('1970-01-01+00') prefers f(text) to f(timestamptz), f('s.seq') f(text) to f(regclass)); or the usual
-- concrete ones in place of "any" and its kin
CREATE FUNCTION pg_temp.better(type_oid oid) RETURNS oid[] LANGUAGE sql STABLE
	RETURN CASE WHEN pg_temp.is_any(type_oid)
		THEN ARRAY['text', 'name', 'integer', 'bigint', 'numeric', 'boolean', 'uuid', 'timestamptz', 'bytea']::regtype[]::oid[]
		ELSE ARRAY(SELECT c.castsource FROM pg_cast AS c WHERE c.casttarget = type_oid AND c.castcontext = 'i'
			AND c.castsource = ANY (ARRAY['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision', 'text', 'name',
				'varchar', 'bpchar', '"char"', 'date', 'timestamp', 'timestamptz']::regtype[]::oid[])
			UNION
			SELECT 'text'::regtype WHERE type_oid <> 'text'::regtype
			ORDER BY 1) END;
-- every combination of better types (at least one position changed), none where there would be more than 500
CREATE FUNCTION pg_temp.choices(type_oid oid) RETURNS oid[] LANGUAGE sql STABLE
	RETURN CASE WHEN pg_temp.is_any(type_oid) THEN pg_temp.better(type_oid) ELSE type_oid || pg_temp.better(type_oid) END;
CREATE FUNCTION pg_temp.variants(types oid[]) RETURNS SETOF oid[] LANGUAGE sql STABLE
BEGIN ATOMIC
	WITH RECURSIVE c(position, chosen) AS (
		SELECT 0, ARRAY[]::oid[]
		UNION ALL
		SELECT c.position + 1, c.chosen || t
		FROM c, unnest(pg_temp.choices(types[c.position + 1])) AS t
		WHERE c.position < cardinality(types))
	SELECT chosen FROM c
	WHERE position = cardinality(types) AND chosen IS DISTINCT FROM types
		AND NOT EXISTS (SELECT FROM unnest(types) AS t WHERE pg_temp.is_pseudo(t) AND NOT pg_temp.is_any(t))
		AND (SELECT coalesce(exp(sum(ln(cardinality(pg_temp.choices(t))))), 1) FROM unnest(types) AS t) < 500.5;
END;
CREATE FUNCTION pg_temp.volatility(function_oid oid) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT CASE provolatile WHEN 'i' THEN 'IMMUTABLE' WHEN 's' THEN 'STABLE' ELSE 'VOLATILE' END
		|| CASE WHEN proisstrict THEN ' STRICT' ELSE '' END FROM pg_proc WHERE oid = function_oid);
-- the arguments $1..$n cast to the real signature's types where a better match took another
CREATE FUNCTION pg_temp.call_arguments(planted oid[], actual oid[], variadic_last boolean) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT coalesce(string_agg(CASE WHEN variadic_last AND i = array_length(planted, 1) THEN 'VARIADIC ' ELSE '' END
		|| '$' || i || CASE WHEN actual[i] IS NOT NULL AND actual[i] <> planted[i] AND NOT pg_temp.is_pseudo(actual[i])
			THEN '::' || pg_temp.type_name(actual[i]) ELSE '' END, ', ' ORDER BY i), '')
		FROM generate_subscripts(planted, 1) AS i);
CREATE FUNCTION pg_temp.planted(kind text, what text, signature text) RETURNS void LANGUAGE sql
	BEGIN ATOMIC INSERT INTO trap.hostile_planted VALUES (kind, what, signature); END;
CREATE FUNCTION pg_temp.already(signature text) RETURNS boolean LANGUAGE sql STABLE
	RETURN EXISTS (SELECT FROM trap.hostile_planted AS p WHERE p.signature = already.signature AND p.kind <> 'skipped');

-- A function trap.NAME(types) that records, then returns what target (a call of $1..$n) returns.
CREATE FUNCTION pg_temp.plant_function(kind text, name text, arguments text, types oid[], result text, retset boolean,
	result_oid oid, attributes text, target text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	what text := format('%s trap.%s(%s)', kind, name, pg_temp.shown(types));
	body text;
BEGIN
	body := CASE
		WHEN retset THEN format('BEGIN PERFORM trap.hostile_record(%L); RETURN QUERY SELECT * FROM %s; END', what, target)
		WHEN result_oid = 'void'::regtype THEN format('BEGIN PERFORM trap.hostile_record(%L); PERFORM %s; END', what, target)
		ELSE format('BEGIN PERFORM trap.hostile_record(%L); RETURN %s; END', what, target) END;
	EXECUTE format('CREATE FUNCTION trap.%I(%s) RETURNS %s LANGUAGE plpgsql %s AS %L', name, arguments, result, attributes, body);
	PERFORM pg_temp.planted(kind, what, format('f %s(%s)', name, array_to_string(types, ',')));
END
$$;

-- An operator trap.SYMBOL(left, right) that records, then does what the real one does.
CREATE FUNCTION pg_temp.plant_operator(kind text, symbol text, left_type oid, right_type oid, result_type oid,
	real_left oid, real_right oid, code oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	number bigint := nextval('trap.hostile_numbers');
	what text := format('%s trap.%s(%s)', kind, symbol, concat_ws(',', CASE WHEN left_type <> 0 THEN format_type(left_type, NULL) END,
		format_type(right_type, NULL)));
	left_operand text := CASE WHEN left_type = 0 THEN '' WHEN real_left <> left_type AND NOT pg_temp.is_pseudo(real_left)
		THEN '$1::' || pg_temp.type_name(real_left) ELSE '$1' END;
	right_operand text := CASE WHEN left_type = 0 THEN '$1' ELSE '$2' END || CASE WHEN real_right <> right_type AND NOT pg_temp.is_pseudo(real_right)
		THEN '::' || pg_temp.type_name(real_right) ELSE '' END;
BEGIN
	EXECUTE format('CREATE FUNCTION trap.hostile_operator_%s(%s) RETURNS %s LANGUAGE plpgsql %s AS %L', number,
		concat_ws(', ', CASE WHEN left_type <> 0 THEN pg_temp.type_name(left_type) END, pg_temp.type_name(right_type)),
		pg_temp.type_name(result_type), pg_temp.volatility(code),
		format('BEGIN PERFORM trap.hostile_record(%L); RETURN %s OPERATOR(pg_catalog.%s) %s; END', what, left_operand, symbol, right_operand));
	EXECUTE format('CREATE OPERATOR trap.%s (%s RIGHTARG = %s, FUNCTION = trap.hostile_operator_%s)', symbol,
		CASE WHEN left_type <> 0 THEN format('LEFTARG = %s,', pg_temp.type_name(left_type)) ELSE '' END,
		pg_temp.type_name(right_type), number);
	PERFORM pg_temp.planted(kind, what, format('o %s(%s,%s)', symbol, left_type, right_type));
END
$$;

-- What PostgreSQL makes of a call of pg_catalog's (an expression of NULLs of the planted types), as it would of the
-- call the plant stands in for: the function it picks (the operator's function for an operator) and the type of
-- the result. Parsed in a view, never run; NULL where it picks none (no better match is planted then).
CREATE FUNCTION pg_temp.resolve(expression text, OUT function_oid oid, OUT result_type oid) LANGUAGE plpgsql AS $$
BEGIN
	BEGIN
		EXECUTE format('CREATE VIEW pg_temp.hostile_probe AS SELECT %s AS x', expression);
	EXCEPTION WHEN OTHERS THEN
		RETURN;
	END;
	SELECT a.atttypid INTO result_type FROM pg_attribute AS a WHERE a.attrelid = 'pg_temp.hostile_probe'::regclass AND a.attname = 'x';
	-- (pg_catalog's functions are pinned: no dependency on them is recorded; the view's tree names the one picked)
	SELECT (regexp_match(r.ev_action::text, ':(?:funcid|opfuncid) ([0-9]+)'))[1]::oid INTO function_oid
		FROM pg_rewrite AS r WHERE r.ev_class = 'pg_temp.hostile_probe'::regclass;
	DROP VIEW pg_temp.hostile_probe;
END
$$;
CREATE FUNCTION pg_temp.nulls(types oid[]) RETURNS text LANGUAGE sql STABLE
	RETURN (SELECT string_agg('NULL::' || pg_temp.type_name(t), ', ' ORDER BY i) FROM unnest(types) WITH ORDINALITY AS a(t, i));
-- A better match trap.NAME(types): what pg_catalog.NAME(types) resolves to, called with the same arguments.
CREATE FUNCTION pg_temp.plant_better_function(name text, types oid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	resolved record;
	retset boolean;
BEGIN
	IF EXISTS (SELECT FROM pg_proc AS p WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = name AND string_to_array(p.proargtypes::text, ' ')::oid[] = types)
			OR pg_temp.already(format('f %s(%s)', name, array_to_string(types, ','))) THEN
		RETURN; -- an exact duplicate, or planted already
	END IF;
	resolved := pg_temp.resolve(format('pg_catalog.%I(%s)', name, pg_temp.nulls(types)));
	IF resolved.function_oid IS NULL OR (pg_temp.is_pseudo(resolved.result_type) AND resolved.result_type <> 'void'::regtype) THEN
		RETURN;
	END IF;
	retset := (SELECT proretset FROM pg_proc WHERE oid = resolved.function_oid);
	PERFORM pg_temp.plant_function('better match', name, pg_temp.type_list(types), types,
		CASE WHEN retset THEN 'SETOF ' ELSE '' END || pg_temp.type_name(resolved.result_type), retset, resolved.result_type,
		pg_temp.volatility(resolved.function_oid), format('pg_catalog.%I(%s)', name, pg_temp.call_arguments(types, types, false)));
END
$$;
-- A better match trap.SYMBOL(left, right): what pg_catalog's SYMBOL resolves to for them.
CREATE FUNCTION pg_temp.plant_better_operator(symbol text, left_type oid, right_type oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	resolved record;
BEGIN
	IF EXISTS (SELECT FROM pg_operator AS p WHERE p.oprnamespace = 'pg_catalog'::regnamespace AND p.oprname = symbol
			AND (p.oprleft, p.oprright) = (left_type, right_type))
			OR pg_temp.already(format('o %s(%s,%s)', symbol, left_type, right_type)) THEN
		RETURN;
	END IF;
	resolved := pg_temp.resolve(format('NULL::%s OPERATOR(pg_catalog.%s) NULL::%s', pg_temp.type_name(left_type), symbol,
		pg_temp.type_name(right_type)));
	IF resolved.function_oid IS NULL OR pg_temp.is_pseudo(resolved.result_type) THEN
		RETURN;
	END IF;
	PERFORM pg_temp.plant_operator('better match', symbol, left_type, right_type, resolved.result_type, left_type, right_type,
		resolved.function_oid);
END
$$;

-- An aggregate trap.NAME(types) whose transition records, then does what the real one's does.
CREATE FUNCTION pg_temp.plant_aggregate(aggregate oid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	a record;
	what text;
	state text;
	transition text;
	arguments text;
	number bigint := nextval('trap.hostile_numbers');
BEGIN
	SELECT p.proname, string_to_array(p.proargtypes::text, ' ')::oid[] AS types, g.* INTO a
		FROM pg_proc AS p JOIN pg_aggregate AS g ON g.aggfnoid = p.oid WHERE p.oid = aggregate;
	what := format('aggregate trap.%s(%s)', a.proname, CASE WHEN cardinality(a.types) = 0 THEN '*' ELSE pg_temp.shown(a.types) END);
	IF a.aggkind <> 'n' THEN
		RAISE EXCEPTION 'an ordered-set aggregate';
	END IF;
	arguments := CASE WHEN cardinality(a.types) = 0 THEN '*' ELSE pg_temp.type_list(a.types) END;
	-- the state and the transition: the real one's, or a plain one doing the same where the real state is internal
	IF (a.proname, pg_temp.shown(a.types)) = ('array_agg', 'anynonarray') THEN
		state := 'anyarray';
		transition := 'pg_catalog.array_append($1, $2)';
	ELSIF (a.proname, pg_temp.shown(a.types)) = ('array_agg', 'anyarray') THEN
		state := 'anyarray';
		transition := 'pg_catalog.array_cat($1, ARRAY[$2])';
	ELSIF (a.proname, pg_temp.shown(a.types)) IN (('jsonb_agg', 'anyelement'), ('json_agg', 'anyelement')) THEN
		state := 'pg_catalog.jsonb';
		transition := 'coalesce($1, ''[]''::pg_catalog.jsonb) OPERATOR(pg_catalog.||) pg_catalog.jsonb_build_array($2)';
	ELSIF (a.proname, pg_temp.shown(a.types)) = ('string_agg', 'text,text') THEN
		state := 'pg_catalog.text';
		transition := 'CASE WHEN $2 IS NULL THEN $1 WHEN $1 IS NULL THEN $2 ELSE $1 OPERATOR(pg_catalog.||) coalesce($3, '''') OPERATOR(pg_catalog.||) $2 END';
	ELSIF pg_temp.is_pseudo(a.aggtranstype) AND a.aggtranstype <> 'anyarray'::regtype THEN
		RAISE EXCEPTION 'its state is %', format_type(a.aggtranstype, NULL);
	ELSE
		state := pg_temp.type_name(a.aggtranstype);
		transition := format('pg_catalog.%I(%s)', (SELECT proname FROM pg_proc WHERE oid = a.aggtransfn),
			(SELECT string_agg('$' || i, ', ' ORDER BY i) FROM generate_series(1, cardinality(a.types) + 1) AS i));
	END IF;
	EXECUTE format('CREATE FUNCTION trap.hostile_transition_%s(%s) RETURNS %s LANGUAGE plpgsql %s AS %L', number,
		concat_ws(', ', state, nullif(pg_temp.type_list(a.types), '')), state,
		CASE WHEN transition LIKE 'pg_catalog.%' AND (SELECT proisstrict FROM pg_proc WHERE oid = a.aggtransfn) THEN 'STRICT' ELSE '' END,
		format('BEGIN PERFORM trap.hostile_record(%L); RETURN %s; END', what, transition));
	EXECUTE format('CREATE AGGREGATE trap.%I(%s) (SFUNC = trap.hostile_transition_%s, STYPE = %s%s%s%s)', a.proname, arguments,
		number, state,
		CASE WHEN a.aggfinalfn <> 0 AND state = pg_temp.type_name(a.aggtranstype)
			THEN ', FINALFUNC = pg_catalog.' || quote_ident((SELECT proname FROM pg_proc WHERE oid = a.aggfinalfn)) ELSE '' END,
		CASE WHEN a.aggfinalextra AND a.aggfinalfn <> 0 AND state = pg_temp.type_name(a.aggtranstype) THEN ', FINALFUNC_EXTRA' ELSE '' END,
		CASE WHEN a.agginitval IS NOT NULL AND state = pg_temp.type_name(a.aggtranstype) THEN format(', INITCOND = %L', a.agginitval) ELSE '' END);
	PERFORM pg_temp.planted('aggregate', what, format('a %s(%s)', a.proname, array_to_string(a.types, ',')));
END
$$;

DO $plant$
DECLARE
	names text[] := string_to_array(current_setting('hostile.names'), ',');
	symbols text[] := string_to_array(current_setting('hostile.operators'), ',');
	words text[] := string_to_array(current_setting('hostile.words'), ',');
	f record;
	o record;
	t record;
	variant oid[];
	types oid[];
	what text;
	done integer := 0;
BEGIN
	-- exact duplicates of every pg_catalog function and aggregate of the names
	FOR f IN
		SELECT p.oid, p.proname, p.prokind, p.proretset, p.prorettype, p.provariadic, string_to_array(p.proargtypes::text, ' ')::oid[] AS types,
			p.proallargtypes, p.proargmodes
		FROM pg_proc AS p
		WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY (names)
		ORDER BY p.proname, p.oid
	LOOP
		what := format('%s(%s)', f.proname, pg_get_function_identity_arguments(f.oid));
		BEGIN
			IF f.prokind = 'a' THEN
				PERFORM pg_temp.plant_aggregate(f.oid);
			ELSIF f.prokind <> 'f' THEN
				RAISE EXCEPTION 'a % of kind %', f.proname, f.prokind;
			ELSIF f.proargmodes && ARRAY['o', 'b', 't']::"char"[] AND NOT f.proretset THEN
				RAISE EXCEPTION 'OUT arguments'; -- (none of those the scripts name)
			ELSE
				PERFORM pg_temp.plant_function('function', f.proname, pg_get_function_arguments(f.oid), f.types,
					pg_get_function_result(f.oid), f.proretset, f.prorettype, pg_temp.volatility(f.oid),
					format('pg_catalog.%I(%s)', f.proname, pg_temp.call_arguments(f.types, f.types, f.provariadic <> 0)));
			END IF;
		EXCEPTION WHEN OTHERS THEN
			PERFORM pg_temp.planted('skipped', 'function ' || what || ': ' || SQLERRM, NULL);
		END;
		done := done + 1;
		IF done % 200 = 0 THEN
			COMMIT; -- (every object created holds locks to the end of its transaction)
		END IF;
	END LOOP;
	-- better matches of them: a call needing an implicit cast (or taking "any") prefers these, wherever trap is in
	-- the search_path
	FOR f IN
		SELECT p.oid, p.proname, p.proretset, p.prorettype, p.provariadic, string_to_array(p.proargtypes::text, ' ')::oid[] AS types
		FROM pg_proc AS p
		WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY (names) AND p.prokind = 'f'
			AND NOT coalesce(p.proargmodes && ARRAY['o', 'b', 't']::"char"[], false)
		ORDER BY p.proname, p.oid
	LOOP
		FOR types IN
			SELECT f.types WHERE f.provariadic = 0 OR f.provariadic <> '"any"'::regtype
			UNION ALL -- VARIADIC "any": one or two arguments in its place
			SELECT f.types[1:cardinality(f.types) - 1] || ARRAY(SELECT '"any"'::regtype::oid FROM generate_series(1, n))
				FROM generate_series(1, 2) AS n WHERE f.provariadic = '"any"'::regtype
		LOOP
			FOR variant IN SELECT pg_temp.variants(types) LOOP
				BEGIN
					PERFORM pg_temp.plant_better_function(f.proname, variant);
				EXCEPTION WHEN OTHERS THEN
					PERFORM pg_temp.planted('skipped', format('better match %s(%s): %s', f.proname, pg_temp.shown(variant), SQLERRM), NULL);
				END;
				done := done + 1;
				IF done % 200 = 0 THEN
					COMMIT; -- (every object created holds locks to the end of its transaction)
				END IF;
			END LOOP;
		END LOOP;
	END LOOP;
	-- exact duplicates of every pg_catalog operator of the symbols, then better matches
	FOR o IN
		SELECT p.oid, p.oprname, p.oprleft, p.oprright, p.oprresult, p.oprcode
		FROM pg_operator AS p
		WHERE p.oprnamespace = 'pg_catalog'::regnamespace AND p.oprname = ANY (symbols) AND p.oprcode <> 0
		ORDER BY p.oprname, p.oid
	LOOP
		BEGIN
			PERFORM pg_temp.plant_operator('operator', o.oprname, o.oprleft, o.oprright, o.oprresult, o.oprleft, o.oprright, o.oprcode);
		EXCEPTION WHEN OTHERS THEN
			PERFORM pg_temp.planted('skipped', format('operator %s(%s, %s): %s', o.oprname, o.oprleft::regtype, o.oprright::regtype, SQLERRM), NULL);
		END;
		done := done + 1;
		IF done % 200 = 0 THEN
			COMMIT; -- (every object created holds locks to the end of its transaction)
		END IF;
	END LOOP;
	FOR o IN
		SELECT p.oid, p.oprname, p.oprleft, p.oprright, p.oprresult, p.oprcode
		FROM pg_operator AS p
		WHERE p.oprnamespace = 'pg_catalog'::regnamespace AND p.oprname = ANY (symbols) AND p.oprcode <> 0
			AND p.oprleft <> 0
		ORDER BY p.oprname, p.oid
	LOOP
		FOR variant IN SELECT pg_temp.variants(ARRAY[o.oprleft, o.oprright]) LOOP
			BEGIN
				PERFORM pg_temp.plant_better_operator(o.oprname, variant[1], variant[2]);
			EXCEPTION WHEN OTHERS THEN
				PERFORM pg_temp.planted('skipped', format('better match %s(%s): %s', o.oprname, pg_temp.shown(variant), SQLERRM), NULL);
			END;
			done := done + 1;
			IF done % 200 = 0 THEN
				COMMIT; -- (every object created holds locks to the end of its transaction)
			END IF;
		END LOOP;
	END LOOP;
	-- overloads of the edition's own functions, in its own schema, that a call needing an implicit cast prefers
	FOR f IN
		SELECT split_part(entry, ':', 1) AS name, string_to_array(split_part(entry, ':', 2), ',')::oid[] AS types,
			nullif(split_part(entry, ':', 3), '')::oid AS result
		FROM unnest(string_to_array(current_setting('hostile.own'), ' ')) AS entry
	LOOP
		CONTINUE WHEN f.result IS NULL;
		FOR variant IN SELECT pg_temp.variants(f.types) LOOP
			CONTINUE WHEN EXISTS (SELECT FROM unnest(string_to_array(current_setting('hostile.own'), ' ')) AS entry
				WHERE split_part(entry, ':', 1) = f.name AND string_to_array(split_part(entry, ':', 2), ',')::oid[] = variant)
				OR pg_temp.already(format('f %s(%s)', f.name, array_to_string(variant, ',')))
				OR EXISTS (SELECT FROM unnest(variant) AS v WHERE pg_temp.is_pseudo(v));
			BEGIN
				PERFORM pg_temp.plant_function('overload', f.name, pg_temp.type_list(variant), variant,
					pg_temp.type_name(f.result), false, f.result, 'VOLATILE',
					format('trap.%I(%s)', f.name, pg_temp.call_arguments(variant, f.types, false)));
			EXCEPTION WHEN OTHERS THEN
				PERFORM pg_temp.planted('skipped', format('overload %s(%s): %s', f.name, pg_temp.shown(variant), SQLERRM), NULL);
			END;
			done := done + 1;
			IF done % 200 = 0 THEN
				COMMIT; -- (every object created holds locks to the end of its transaction)
			END IF;
		END LOOP;
	END LOOP;
	-- the explicit better matches of the report, whatever the scripts name
	PERFORM pg_temp.plant_better_function('format', ARRAY['text', 'name']::regtype[]::oid[]);
	PERFORM pg_temp.plant_better_function('div', ARRAY['bigint', 'integer']::regtype[]::oid[]);
	PERFORM pg_temp.plant_better_operator('>=', 'numeric'::regtype, 'integer'::regtype);
	PERFORM pg_temp.plant_better_operator('=', 'numeric'::regtype, 'integer'::regtype);
	PERFORM pg_temp.plant_better_operator('||', 'text'::regtype, 'integer'::regtype);
	IF (SELECT count(*) FROM trap.hostile_planted AS h WHERE h.what IN ('better match trap.format(text,name)', 'better match trap.div(bigint,integer)',
			'better match trap.>=(numeric,integer)', 'better match trap.=(numeric,integer)', 'better match trap.||(text,integer)')) <> 5 THEN
		RAISE EXCEPTION 'the better matches of the report are not all planted: %', (SELECT string_agg(h.what, ', ') FROM trap.hostile_planted AS h WHERE h.what ~ 'trap\.(format|div|>=|=|\|\|)\(');
	END IF;
	-- types the scripts name (not the keywords bigint, integer, numeric..., which are pg_catalog's whatever the path)
	FOR t IN
		SELECT typname FROM pg_type
		WHERE typnamespace = 'pg_catalog'::regnamespace AND typname = ANY (words) AND typtype IN ('b', 'd', 'e', 'r', 'm')
		ORDER BY typname
	LOOP
		BEGIN
			EXECUTE format('CREATE DOMAIN trap.%I AS pg_catalog.%I CHECK (trap.hostile_flag(%L))', t.typname, t.typname,
				format('type trap.%I', t.typname));
			PERFORM pg_temp.planted('type', format('type trap.%I', t.typname), 't ' || t.typname);
		EXCEPTION WHEN OTHERS THEN
			PERFORM pg_temp.planted('skipped', format('type %s: %s', t.typname, SQLERRM), NULL);
		END;
		done := done + 1;
		IF done % 200 = 0 THEN
			COMMIT; -- (every object created holds locks to the end of its transaction)
		END IF;
	END LOOP;
	-- tables and views the scripts name
	FOR t IN
		SELECT oid, relname FROM pg_class
		WHERE relnamespace = 'pg_catalog'::regnamespace AND relname = ANY (words) AND relkind IN ('r', 'v', 'm', 'p')
			AND has_table_privilege(oid, 'SELECT')
		ORDER BY relname
	LOOP
		BEGIN
			EXECUTE format('CREATE VIEW trap.%I AS SELECT %s FROM pg_catalog.%I WHERE (SELECT trap.hostile_flag(%L))', t.relname,
				(SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute AS a JOIN pg_type AS y ON y.oid = a.atttypid
					WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped AND y.typtype <> 'p'), -- (no anyarray column)
				t.relname, format('relation trap.%I', t.relname));
			PERFORM pg_temp.planted('relation', format('relation trap.%I', t.relname), 'r ' || t.relname);
		EXCEPTION WHEN OTHERS THEN
			PERFORM pg_temp.planted('skipped', format('relation %s: %s', t.relname, SQLERRM), NULL);
		END;
		done := done + 1;
		IF done % 200 = 0 THEN
			COMMIT; -- (every object created holds locks to the end of its transaction)
		END IF;
	END LOOP;
END
$plant$;
GRANT SELECT ON ALL TABLES IN SCHEMA trap TO PUBLIC;

-- what was planted: kind and count; then what could not be (with why)
SELECT 'planted ' || kind || ' ' || count(*) FROM trap.hostile_planted WHERE kind <> 'skipped' GROUP BY kind ORDER BY kind;
SELECT 'skipped ' || what FROM trap.hostile_planted WHERE kind = 'skipped' ORDER BY what;
