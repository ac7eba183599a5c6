-- Binary COPY round trips of our types through a file the server writes (so the server must be able to
-- write into results/): run on the test command's throwaway servers, not by make installcheck.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- distributedid
\getenv abs_builddir PG_ABS_BUILDDIR
\set copy_file :abs_builddir '/results/distributedid.bin'
CREATE TABLE copied (id distributedid);
INSERT INTO copied VALUES ('0'), ('1'), ('1065896647567317033105227776'), ('9999999999999999999999999999'), (NULL);
COPY copied TO :'copy_file' (FORMAT binary);
CREATE TABLE copied_back (id distributedid);
COPY copied_back FROM :'copy_file' (FORMAT binary);
SELECT id FROM copied_back ORDER BY id;
-- 0.1.0's form, 12 raw bytes, is refused on receive: the form is numeric's (test/sql/server_binary_forms.sql)
COPY (SELECT '\xffffffffffffffffffffffff'::bytea) TO :'copy_file' (FORMAT binary);
SELECT pg_temp.error_of(format('COPY copied_back FROM %L (FORMAT binary)', :'copy_file'));
DROP TABLE copied, copied_back;

-- iuid
\getenv abs_builddir PG_ABS_BUILDDIR
\set copy_file :abs_builddir '/results/iuid.bin'
CREATE TABLE copied (id iuid);
INSERT INTO copied VALUES ('018cc251-f47b-802a-81d2-3456789abcde'), ('ffffffff-ffff-8fff-bfff-ffffffffffff'), (NULL);
COPY copied TO :'copy_file' (FORMAT binary);
CREATE TABLE copied_back (id iuid);
COPY copied_back FROM :'copy_file' (FORMAT binary);
SELECT id FROM copied_back ORDER BY id;
COPY (SELECT '018cc251-f47b-702a-81d2-3456789abcde'::uuid) TO :'copy_file' (FORMAT binary);
SELECT pg_temp.error_of(format('COPY copied_back FROM %L (FORMAT binary)', :'copy_file'));
DROP TABLE copied, copied_back;

-- siq
\getenv abs_builddir PG_ABS_BUILDDIR
\set copy_file :abs_builddir '/results/siq.bin'
CREATE TABLE copied (id siq);
INSERT INTO copied VALUES ('5e0bd2f0000000000000000007'), ('ffffffffffffffffffffffffffff'), (NULL);
COPY copied TO :'copy_file' (FORMAT binary);
CREATE TABLE copied_back (id siq);
COPY copied_back FROM :'copy_file' (FORMAT binary);
SELECT id FROM copied_back ORDER BY id;
DROP TABLE copied, copied_back;
