import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create({ extensions: { pg_trgm } });
await db.exec("create extension if not exists pg_trgm; create table t(x text); create index t_x on t using gin (lower(x) gin_trgm_ops);");
await db.exec("insert into t select 'row ' || g from generate_series(1,20000) g; analyze t;");
console.log((await db.query("explain select * from t where lower(x) like '%w 123%'")).rows);
const dump = await db.dumpDataDir('gzip');
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log((await db2.query("select count(*) from t where lower(x) like '%w 123%'")).rows);
