import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after it has landed; add a new migration instead.

function idColumn(db: Kysely<any>): 'serial' | 'integer' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const isPostgres = id === 'serial';
  const autoId = (name: string) =>
    db.schema.createTable(name).addColumn('id', id, (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await autoId('users')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('profile_picture', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await autoId('login_failures')
    .addColumn('username_lower', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_username').on('login_failures').columns(['username_lower', 'failed_at']).execute();

  await db.schema
    .createTable('imdb_titles')
    .addColumn('tconst', 'text', (c) => c.primaryKey())
    .addColumn('title_type', 'text', (c) => c.notNull())
    .addColumn('primary_title', 'text', (c) => c.notNull())
    .addColumn('original_title', 'text')
    .addColumn('is_adult', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_year', 'integer')
    .addColumn('end_year', 'integer')
    .addColumn('runtime_minutes', 'integer')
    .addColumn('genres', 'text')
    .addColumn('average_rating', 'real')
    .addColumn('num_votes', 'integer')
    .execute();

  await autoId('movies')
    .addColumn('tconst', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('poster', 'text')
    .addColumn('release_date', 'text')
    .addColumn('year', 'integer')
    .addColumn('imdb_rating', 'real')
    .addColumn('imdb_link', 'text', (c) => c.notNull())
    .addColumn('length', 'integer')
    .addColumn('plot', 'text')
    .addColumn('genres', 'text')
    .addColumn('date_added', 'text', (c) => c.notNull())
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('movies_date_added').on('movies').columns(['date_added', 'id']).execute();

  await autoId('reviews')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('ttm_rating', 'text')
    .addColumn('pain_level', 'integer')
    .addColumn('smoke_alarms', 'integer')
    .addColumn('equipment_seen', 'integer')
    .addColumn('estimated_budget', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_user_movie', ['user_id', 'movie_id'])
    .execute();
  await db.schema.createIndex('reviews_movie_updated').on('reviews').columns(['movie_id', 'updated_at']).execute();

  await autoId('watchlists')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_personal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret', 'text')
    .addColumn('picked_movie_id', 'integer', (c) => c.references('movies.id').onDelete('set null'))
    .addColumn('picked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watchlists_owner').on('watchlists').columns(['owner_id', 'is_personal']).execute();
  // At most one personal list per user, even when two requests create it at once.
  await sql`create unique index watchlists_one_personal on watchlists (owner_id) where is_personal = 1`.execute(db);

  await db.schema
    .createTable('watchlist_items')
    .addColumn('watchlist_id', 'integer', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('movies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_items_pk', ['watchlist_id', 'movie_id'])
    .execute();

  await db.schema
    .createTable('watchlist_moderators')
    .addColumn('watchlist_id', 'integer', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_moderators_pk', ['watchlist_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
