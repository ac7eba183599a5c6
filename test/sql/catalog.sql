-- The extension's catalog entries: every function labelled and documented, no casts that make operators ambiguous.

-- functions of the extension without a COMMENT
SELECT p.oid::regprocedure AS undocumented
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities')
  AND obj_description(p.oid, 'pg_proc') IS NULL
ORDER BY p.oid::regprocedure::text;

-- types of the extension without a COMMENT (their array types and a view's row type, which 17 and later record as
-- members too, take none)
SELECT t.oid::regtype AS undocumented
FROM pg_depend d JOIN pg_type t ON d.classid = 'pg_type'::regclass AND d.objid = t.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities')
  AND obj_description(t.oid, 'pg_type') IS NULL AND t.typcategory <> 'A'
  AND NOT EXISTS (SELECT FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'v');

-- volatility, strictness and parallel safety of every SQL-visible function (I/O and support functions left out)
SELECT p.oid::regprocedure AS function, p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel
FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities')
  AND p.prokind = 'f' AND p.proname !~ '^(distributedid|iuid|siq)_((country_|shard_)?(lt|le|gt|ge|cmp)|in|out|recv|send|eq|ne|sortsupport|hash|hash_extended|brin_distance|larger|smaller)$'
ORDER BY p.oid::regprocedure::text;

-- casts: never IMPLICIT, so operators stay unambiguous
SELECT c.castsource::regtype AS source, c.casttarget::regtype AS target, c.castcontext AS context
FROM pg_cast c JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities')
ORDER BY c.castsource::regtype::text, c.casttarget::regtype::text;

-- fixed-size types: length, alignment, pass-by-reference
SELECT typname, typlen, typalign, typbyval, typstorage FROM pg_type
WHERE typname IN ('distributedid', 'iuid', 'siq') ORDER BY typname;

-- default opclasses: btree (with sortsupport and equalimage), hash (with extended hash), brin
SELECT opc.opcname, am.amname, opc.opcdefault, array_agg(ap.amprocnum ORDER BY ap.amprocnum) AS support_functions
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
JOIN pg_amproc ap ON ap.amprocfamily = opc.opcfamily
WHERE opc.opcintype IN ('distributedid'::regtype, 'iuid'::regtype, 'siq'::regtype)
GROUP BY 1, 2, 3 ORDER BY 2, 1;
