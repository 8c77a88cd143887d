import { type Expression, type ExpressionBuilder, isExpression, type Kysely, sql, type SqlBool } from 'kysely';
import type { Database } from './schema';

/**
 * A row as a one-row SELECT that yields it only while `condition` holds, for
 * `INSERT … SELECT`: the check and the write are one statement, so one round trip on
 * PostgreSQL (which takes each value's type from its column, as in VALUES). SQLite needs
 * the WHERE this always has before an ON CONFLICT clause. A value may be an expression,
 * such as a subquery.
 */
export function rowIf<R extends Record<string, unknown>>(db: Kysely<Database>, row: R, condition: (eb: ExpressionBuilder<Database, never>) => Expression<SqlBool>) {
  const columns = Object.keys(row) as (keyof R & string)[];
  return {
    columns,
    select: db
      .selectNoFrom((eb) =>
        columns.map((column) => {
          const value = row[column];
          return isExpression(value) ? sql`${value}`.as(column) : eb.val(value).as(column);
        }),
      )
      .where(condition),
  };
}
