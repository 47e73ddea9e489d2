/**
 * The whole of what the server asks of a database: plain PostgreSQL text with $1..$n parameters.
 * Two backends implement it: the embedded PGlite (pglite.ts, the default) and a PostgreSQL server through a
 * `pg` pool (postgres.ts, DATABASE_URL). Both read values alike (see postgres.ts), so callers never know which.
 */
export interface QueryResult<Row> {
  rows: Row[];
}

/** What runs SQL: the database, or one connection of it. */
export interface Sql {
  /** One statement with positional parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /**
   * Several statements, no parameters (migrations, transactions written as BEGIN ... COMMIT). When a statement
   * fails, a transaction the text opened is rolled back before the error is thrown, so the connection is usable.
   */
  exec(sql: string): Promise<void>;
}

export interface Db extends Sql {
  /**
   * Runs `work` with every statement on one connection, for what lives in a session (advisory locks).
   * The embedded database has a single connection, so there `connection` is the database itself.
   */
  withConnection<T>(work: (connection: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
