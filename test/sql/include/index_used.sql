-- index_used(query, index): whether the plan of a query reads the index, whatever the scan's kind (index,
-- index-only or bitmap): the planner's choice between them differs between PostgreSQL majors.
CREATE FUNCTION pg_temp.index_used(query text, index_name text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE plan json;
BEGIN
	EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || query INTO plan;
	RETURN plan::text LIKE '%"Index Name": "' || index_name || '"%';
END $$;
