import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { searchKey } from '../../imdb/searchKey';

// Frozen: never edit after it has landed; add a new migration instead.
// Titles are searched by a key with accents and punctuation folded (server/src/imdb/searchKey.ts):
// 'amelie' finds Amélie, 'spiderman' finds Spider-Man. The app computes the key (the importer for
// every row it writes) into imdb_titles.search_title; the search indexes read it instead of
// lower(primary_title). A title's other names (its original title, and title.akas when imported)
// are kept as keys in imdb_alt_titles and found the same way. Existing titles get their keys here,
// as searchKey computes them when this runs.

/** Titles keyed per statement when filling in the keys of an existing PostgreSQL index. */
const BATCH = 20_000;

async function keyPostgresTitles(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ tconst: string; primary_title: string; original_title: string | null }>`
      select tconst, primary_title, original_title from imdb_titles where tconst > ${after} order by tconst limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    after = rows[rows.length - 1].tconst;
    const keys = rows.map((row) => searchKey(row.primary_title));
    await sql`update imdb_titles set search_title = k.key
      from unnest(${rows.map((row) => row.tconst)}::text[], ${keys}::text[]) as k (tconst, key) where imdb_titles.tconst = k.tconst`.execute(db);
    const originals = rows.flatMap((row, i) => {
      const original = row.original_title ? searchKey(row.original_title) : '';
      return original && original !== keys[i] ? [[row.tconst, original]] : [];
    });
    if (originals.length === 0) continue;
    await sql`insert into imdb_alt_titles (tconst, search_title)
      select * from unnest(${originals.map(([tconst]) => tconst)}::text[], ${originals.map(([, key]) => key)}::text[]) on conflict do nothing`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imdb_alt_titles')
    .addColumn('tconst', 'text', (c) => c.notNull())
    .addColumn('search_title', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('imdb_alt_titles_pk', ['tconst', 'search_title'])
    .execute();
  await sql`alter table imdb_titles add column search_title text not null default ''`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const name of ['imdb_titles_title_trgm', 'imdb_titles_title_prefix', 'imdb_titles_popular_trgm']) {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
    }
    await keyPostgresTitles(db);
    await sql`set local maintenance_work_mem = '512MB'`.execute(db);
    await sql`create index imdb_titles_title_trgm on imdb_titles using gin (search_title gin_trgm_ops)`.execute(db);
    await sql`create index imdb_titles_title_prefix on imdb_titles
      (search_title text_pattern_ops, (title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)`.execute(db);
    await sql`create index imdb_titles_popular_trgm on imdb_titles using gin (search_title gin_trgm_ops) where num_votes >= 1000`.execute(db);
    // Starts of the well-known titles, read before all titles' (a common start otherwise walks many titles).
    await sql`create index imdb_titles_popular_prefix on imdb_titles (search_title text_pattern_ops) where num_votes >= 1000`.execute(db);
    await sql`create index imdb_alt_titles_trgm on imdb_alt_titles using gin (search_title gin_trgm_ops)`.execute(db);
    await sql`create index imdb_alt_titles_prefix on imdb_alt_titles (search_title text_pattern_ops)`.execute(db);
    await sql`analyze imdb_titles`.execute(db);
    return;
  }

  // SQLite: movieclub_search_key is searchKey, registered on every connection of the app.
  await sql`update imdb_titles set search_title = movieclub_search_key(primary_title)`.execute(db);
  await sql`insert into imdb_alt_titles (tconst, search_title)
    select tconst, original from (select tconst, movieclub_search_key(original_title) as original, search_title from imdb_titles
      where original_title <> primary_title)
    where original <> search_title and original <> ''`.execute(db);

  const live = sql`not exists (select 1 from imdb_search_stale)`;
  // Keep a name's row in the trigram table while any title has that name, by its primary title or another.
  const addName = (name: string) => sql.raw(`
    insert into imdb_search_names (name) select ${name} where not exists (select 1 from imdb_search_names where name = ${name});
    insert into imdb_titles_fts (rowid, name) select rank, name from imdb_search_names
      where name = ${name} and not exists (select 1 from imdb_search where name = ${name} and tconst <> new.tconst);`);
  const dropOrphanName = (name: string) => sql.raw(`
    insert into imdb_titles_fts (imdb_titles_fts, rowid, name) select 'delete', rank, name from imdb_search_names
      where name = ${name} and not exists (select 1 from imdb_search where name = ${name});
    delete from imdb_search_names where name = ${name} and not exists (select 1 from imdb_search where name = ${name});`);
  for (const trigger of ['imdb_titles_search_insert', 'imdb_titles_search_delete', 'imdb_titles_search_update']) {
    await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  }
  await sql`create trigger imdb_titles_search_insert after insert on imdb_titles when ${live} begin
    insert into imdb_search (tconst, name) values (new.tconst, new.search_title);
    ${addName('new.search_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_delete after delete on imdb_titles when ${live} begin
    delete from imdb_search where name = old.search_title and tconst = old.tconst;
    ${dropOrphanName('old.search_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_update after update of search_title on imdb_titles
    when old.search_title is not new.search_title and ${live} begin
    update imdb_search set name = new.search_title where name = old.search_title and tconst = old.tconst;
    ${dropOrphanName('old.search_title')}
    ${addName('new.search_title')}
  end`.execute(db);
  await sql`create trigger imdb_alt_titles_search_insert after insert on imdb_alt_titles when ${live} begin
    insert into imdb_search (tconst, name) values (new.tconst, new.search_title);
    ${addName('new.search_title')}
  end`.execute(db);
  await sql`create trigger imdb_alt_titles_search_delete after delete on imdb_alt_titles when ${live} begin
    delete from imdb_search where rank = (select rank from imdb_search where name = old.search_title and tconst = old.tconst limit 1);
    ${dropOrphanName('old.search_title')}
  end`.execute(db);

  // Every name again, as keys (as the importer's rebuild does).
  await sql`drop index if exists imdb_search_name`.execute(db);
  await sql`drop index if exists imdb_search_names_name`.execute(db);
  await sql`delete from imdb_search`.execute(db);
  await sql`delete from imdb_search_names`.execute(db);
  await sql`insert into imdb_search (rank, tconst, name)
    select row_number() over (order by case when t.title_type = 'movie' then 0 else 1 end, coalesce(t.num_votes, 0) desc, t.tconst, k.alternative),
      t.tconst, k.name
    from (select tconst, search_title as name, 0 as alternative from imdb_titles
      union all select tconst, search_title, 1 from imdb_alt_titles) k
    join imdb_titles t on t.tconst = k.tconst`.execute(db);
  await sql`create index imdb_search_name on imdb_search (name)`.execute(db);
  await sql`insert into imdb_search_names (name) select name from imdb_search group by name order by min(rank)`.execute(db);
  await sql`create unique index imdb_search_names_name on imdb_search_names (name)`.execute(db);
  await sql`insert into imdb_titles_fts (imdb_titles_fts) values ('rebuild')`.execute(db);
  await sql`delete from imdb_search_trigrams`.execute(db);
  await sql`insert into imdb_search_trigrams (term, docs) select term, doc from imdb_titles_fts_vocab`.execute(db);
}
