import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.
// Titles are searched by a key with accents and punctuation folded (server/src/imdb/searchKey.ts):
// 'amelie' finds Amélie, 'spiderman' finds Spider-Man. PostgreSQL keeps the key in a stored
// column computed by movieclub_search_key (the same rule in SQL) and indexes it instead of
// lower(primary_title); SQLite's search tables hold the key, through the function the app
// registers on every connection. A title's other names (its original title, and title.akas when
// imported) are kept as keys in imdb_alt_titles and found the same way.

/** postgresSearchKey('title') as of this migration. */
const KEY_OF_TITLE =
  "(select btrim(case when padded ~ ' (ii|iii|iv|vi|vii|viii|ix) ' then regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(padded, ' ii(?= )', ' 2', 'g'), ' iii(?= )', ' 3', 'g'), ' iv(?= )', ' 4', 'g'), ' vi(?= )', ' 6', 'g'), ' vii(?= )', ' 7', 'g'), ' viii(?= )', ' 8', 'g'), ' ix(?= )', ' 9', 'g') else padded end) from (select ' ' || regexp_replace(translate(replace(case when title ~ '[^\\x01-\\x7f]' then translate(replace(replace(replace(replace(normalize(regexp_replace(normalize(lower(title), NFD), '[\\u0300-\\u036f]+', '', 'g'), NFC), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'), 'øłđðıħς 　–—―“”„‟«»‹›…•¡¿、。，：；！？（）「」『』【】《》〈〉’‘´ʼ‐‑·', 'olddihσ                                    ') else lower(title) end, '&', ' and '), '\t\n\r!\"#$%()*+,/:;<=>?@[\\]^_{|}~''`.-', '                              '), ' +', ' ', 'g') || ' ' as padded) p)";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imdb_alt_titles')
    .addColumn('tconst', 'text', (c) => c.notNull())
    .addColumn('search_title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('imdb_alt_titles_pk', ['tconst', 'search_title'])
    .execute();
  const originals = (key: (column: string) => string) => sql.raw(`insert into imdb_alt_titles (tconst, search_title)
    select tconst, original from (
      select tconst, ${key('original_title')} as original, ${key('primary_title')} as main from imdb_titles where original_title <> primary_title) o
    where original <> main and original <> ''`);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`create or replace function movieclub_search_key(title text) returns text
      language sql immutable strict parallel safe as $$ select ${KEY_OF_TITLE} $$`).execute(db);
    for (const name of ['imdb_titles_title_trgm', 'imdb_titles_title_prefix', 'imdb_titles_popular_trgm']) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
    }
    await sql`alter table imdb_titles add column search_title text generated always as (movieclub_search_key(primary_title)) stored`.execute(db);
    await sql`set local maintenance_work_mem = '512MB'`.execute(db);
    await sql`create index imdb_titles_title_trgm on imdb_titles using gin (search_title gin_trgm_ops)`.execute(db);
    await sql`create index imdb_titles_title_prefix on imdb_titles
      (search_title text_pattern_ops, (title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)`.execute(db);
    await sql`create index imdb_titles_popular_trgm on imdb_titles using gin (search_title gin_trgm_ops) where num_votes >= 1000`.execute(db);
    await originals((column) => `movieclub_search_key(${column})`).execute(db);
    await sql`create index imdb_alt_titles_trgm on imdb_alt_titles using gin (search_title gin_trgm_ops)`.execute(db);
    await sql`create index imdb_alt_titles_prefix on imdb_alt_titles (search_title text_pattern_ops)`.execute(db);
    await sql`analyze imdb_titles`.execute(db);
    return;
  }

  const live = sql`not exists (select 1 from imdb_search_stale)`;
  const key = (title: string) => `movieclub_search_key(${title})`;
  const addName = (title: string) => sql.raw(`
    insert into imdb_search_names (name) select ${key(title)}
      where not exists (select 1 from imdb_search_names where name = ${key(title)});
    insert into imdb_titles_fts (rowid, name) select rank, name from imdb_search_names
      where name = ${key(title)} and not exists (select 1 from imdb_search where name = ${key(title)} and tconst <> new.tconst);`);
  const dropOrphanName = (title: string) => sql.raw(`
    insert into imdb_titles_fts (imdb_titles_fts, rowid, name) select 'delete', rank, name from imdb_search_names
      where name = ${key(title)} and not exists (select 1 from imdb_search where name = ${key(title)});
    delete from imdb_search_names where name = ${key(title)} and not exists (select 1 from imdb_search where name = ${key(title)});`);
  for (const trigger of ['imdb_titles_search_insert', 'imdb_titles_search_delete', 'imdb_titles_search_update']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`create trigger imdb_titles_search_insert after insert on imdb_titles when ${live} begin
    insert into imdb_search (tconst, name) values (new.tconst, ${sql.raw(key('new.primary_title'))});
    ${addName('new.primary_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_delete after delete on imdb_titles when ${live} begin
    delete from imdb_search where name = ${sql.raw(key('old.primary_title'))} and tconst = old.tconst;
    ${dropOrphanName('old.primary_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_update after update of primary_title on imdb_titles
    when ${sql.raw(key('old.primary_title'))} is not ${sql.raw(key('new.primary_title'))} and ${live} begin
    update imdb_search set name = ${sql.raw(key('new.primary_title'))} where name = ${sql.raw(key('old.primary_title'))} and tconst = old.tconst;
    ${dropOrphanName('old.primary_title')}
    ${addName('new.primary_title')}
  end`.execute(db);

  // Alternative names join the search tables as further names of their title.
  const addKey = (name: string) => sql.raw(`
    insert into imdb_search_names (name) select ${name} where not exists (select 1 from imdb_search_names where name = ${name});
    insert into imdb_titles_fts (rowid, name) select rank, name from imdb_search_names
      where name = ${name} and not exists (select 1 from imdb_search where name = ${name} and tconst <> new.tconst);`);
  const dropOrphanKey = (name: string) => sql.raw(`
    insert into imdb_titles_fts (imdb_titles_fts, rowid, name) select 'delete', rank, name from imdb_search_names
      where name = ${name} and not exists (select 1 from imdb_search where name = ${name});
    delete from imdb_search_names where name = ${name} and not exists (select 1 from imdb_search where name = ${name});`);
  await sql`create trigger imdb_alt_titles_search_insert after insert on imdb_alt_titles when ${live} begin
    insert into imdb_search (tconst, name) values (new.tconst, new.search_title);
    ${addKey('new.search_title')}
  end`.execute(db);
  await sql`create trigger imdb_alt_titles_search_delete after delete on imdb_alt_titles when ${live} begin
    delete from imdb_search where rank = (select rank from imdb_search where name = old.search_title and tconst = old.tconst limit 1);
    ${dropOrphanKey('old.search_title')}
  end`.execute(db);
  await originals((column) => `movieclub_search_key(${column})`).execute(db);

  // Every name again, as keys (as the importer's rebuild does).
  await sql`drop index if exists imdb_search_name`.execute(db);
  await sql`drop index if exists imdb_search_names_name`.execute(db);
  await sql`delete from imdb_search`.execute(db);
  await sql`delete from imdb_search_names`.execute(db);
  await sql`insert into imdb_search (rank, tconst, name)
    select row_number() over (order by case when t.title_type = 'movie' then 0 else 1 end, coalesce(t.num_votes, 0) desc, t.tconst, k.alternative),
      t.tconst, k.name
    from (select tconst, movieclub_search_key(primary_title) as name, 0 as alternative from imdb_titles
      union all select tconst, search_title, 1 from imdb_alt_titles) k
    join imdb_titles t on t.tconst = k.tconst`.execute(db);
  await sql`create index imdb_search_name on imdb_search (name)`.execute(db);
  await sql`insert into imdb_search_names (name) select name from imdb_search group by name order by min(rank)`.execute(db);
  await sql`create unique index imdb_search_names_name on imdb_search_names (name)`.execute(db);
  await sql`insert into imdb_titles_fts (imdb_titles_fts) values ('rebuild')`.execute(db);
  await sql`delete from imdb_search_trigrams`.execute(db);
  await sql`insert into imdb_search_trigrams (term, docs) select term, doc from imdb_titles_fts_vocab`.execute(db);
}
