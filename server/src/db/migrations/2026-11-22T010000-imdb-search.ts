import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.
// Title search indexes for the IMDb index, and a ratings staging table so
// title.ratings can be imported before or after title.basics.

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('imdb_ratings')
    .addColumn('tconst', 'text', (c) => c.primaryKey())
    .addColumn('average_rating', 'real')
    .addColumn('num_votes', 'integer')
    .execute();

  if (isPostgres) {
    // The extension lives once per database; a sub-transaction keeps a missing privilege from aborting the migration.
    await sql`do $$ begin create extension if not exists pg_trgm with schema public; exception when others then null; end $$`.execute(db);
    await sql`create index imdb_titles_title_trgm on imdb_titles using gin (lower(primary_title) gin_trgm_ops)`.execute(db);
    // Title starts; equal titles come out in popularity order, so many namesakes cost no sort.
    await sql`create index imdb_titles_title_prefix on imdb_titles
      (lower(primary_title) text_pattern_ops, (title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)`.execute(db);
    // Popularity order (feature films, then votes), so capped candidate lists can stop early.
    await sql`create index imdb_titles_popularity on imdb_titles ((title_type <> 'movie'), (coalesce(num_votes, 0)) desc, tconst)`.execute(db);
    return;
  }

  // imdb_search numbers the titles in popularity order (feature films, then votes);
  // imdb_search_names holds each distinct lowercased title once, numbered by its most popular
  // title. That number is the rowid of the FTS5 trigram table, so `match … order by rowid
  // limit n` yields the most popular matching names first and stops early, and a title shared
  // by thousands of episodes is indexed once. The importer renumbers in bulk after big loads;
  // titles added one by one come after the others, through the triggers.
  await sql`create table imdb_search (rank integer primary key, tconst text not null, name text not null)`.execute(db);
  await sql`create index imdb_search_name on imdb_search (name)`.execute(db);
  await sql`create table imdb_search_names (rank integer primary key, name text not null)`.execute(db);
  await sql`create unique index imdb_search_names_name on imdb_search_names (name)`.execute(db);
  await sql`create virtual table imdb_titles_fts using fts5(name, content='imdb_search_names', content_rowid='rank', tokenize='trigram')`.execute(db);
  // How many names hold each trigram (as of the last rebuild), so queries look up their rarest trigrams.
  await sql`create virtual table imdb_titles_fts_vocab using fts5vocab(imdb_titles_fts, row)`.execute(db);
  await sql`create table imdb_search_trigrams (term text primary key, docs integer not null) without rowid`.execute(db);
  // A row here means a bulk load is under way (or was interrupted): the triggers pause and the
  // importer renumbers and rebuilds the search tables once at the end.
  await sql`create table imdb_search_stale (since text not null)`.execute(db);

  const live = sql`not exists (select 1 from imdb_search_stale)`;
  const addName = (title: string) => sql.raw(`
    insert into imdb_search_names (name) select lower(${title})
      where not exists (select 1 from imdb_search_names where name = lower(${title}));
    insert into imdb_titles_fts (rowid, name) select rank, name from imdb_search_names
      where name = lower(${title}) and not exists (select 1 from imdb_search where name = lower(${title}) and tconst <> new.tconst);`);
  const dropOrphanName = (title: string) => sql.raw(`
    insert into imdb_titles_fts (imdb_titles_fts, rowid, name) select 'delete', rank, name from imdb_search_names
      where name = lower(${title}) and not exists (select 1 from imdb_search where name = lower(${title}));
    delete from imdb_search_names where name = lower(${title}) and not exists (select 1 from imdb_search where name = lower(${title}));`);
  await sql`create trigger imdb_titles_search_insert after insert on imdb_titles when ${live} begin
    insert into imdb_search (tconst, name) values (new.tconst, lower(new.primary_title));
    ${addName('new.primary_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_delete after delete on imdb_titles when ${live} begin
    delete from imdb_search where name = lower(old.primary_title) and tconst = old.tconst;
    ${dropOrphanName('old.primary_title')}
  end`.execute(db);
  await sql`create trigger imdb_titles_search_update after update of primary_title on imdb_titles
    when lower(old.primary_title) is not lower(new.primary_title) and ${live} begin
    update imdb_search set name = lower(new.primary_title) where name = lower(old.primary_title) and tconst = old.tconst;
    ${dropOrphanName('old.primary_title')}
    ${addName('new.primary_title')}
  end`.execute(db);

  await sql`insert into imdb_search (tconst, name)
    select tconst, lower(primary_title) from imdb_titles
    order by case when title_type = 'movie' then 0 else 1 end, coalesce(num_votes, 0) desc, tconst`.execute(db);
  await sql`insert into imdb_search_names (name) select name from imdb_search group by name order by min(rank)`.execute(db);
  await sql`insert into imdb_titles_fts (imdb_titles_fts) values ('rebuild')`.execute(db);
  await sql`insert into imdb_search_trigrams (term, docs) select term, doc from imdb_titles_fts_vocab`.execute(db);
}
