import type pg from 'pg';

/**
 * Statements named per text, so each connection parses and plans an app statement once and
 * then only binds it: on a busy club PostgreSQL spent much of its time parsing and planning
 * the same few dozen statements. Lists of ids make a text per length, hence the bounds.
 */
const MAX_NAMED_STATEMENTS = 500;
const MAX_NAMED_PARAMETERS = 30;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's answer when a table changed its columns under a prepared `select *` (another process migrated). */
const CHANGED_RESULT_TYPE = /cached plan must not change result type/;

const names = new Map<string, string>();

function nameFor(text: string, parameters: number): string | null {
  const known = names.get(text);
  if (known) return known;
  if (parameters > MAX_NAMED_PARAMETERS || names.size >= MAX_NAMED_STATEMENTS || !NAMEABLE.test(text)) return null;
  const name = `movieclub_${names.size}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Makes the client's `query(text, values)` (how Kysely calls it) use a named statement; every
 * other form is passed on as it was. A statement whose result changed shape is sent unnamed from
 * then on by this connection.
 */
export function keepStatementsPrepared(client: pg.PoolClient | pg.Client): void {
  const query = client.query.bind(client) as Query;
  const unnamed = new Set<string>();
  (client as { query: Query }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) && rest.length === 0 ? nameFor(text, values.length) : null;
    if (!name || unnamed.has(name)) return query(text, values, ...rest);
    return query({ name, text, values }).catch((error: Error) => {
      if (!CHANGED_RESULT_TYPE.test(error.message)) throw error;
      unnamed.add(name);
      return query(text, values);
    });
  };
}
