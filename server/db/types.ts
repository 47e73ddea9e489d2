/**
 * The whole of what the server asks of a database: plain PostgreSQL text with $1..$n parameters.
 * PGlite implements it today; a `pg` Pool (DATABASE_URL) can implement it later without touching callers.
 */
export interface QueryResult<Row> {
  rows: Row[];
}

export interface Db {
  /** One statement with positional parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements, no parameters (migrations, transactions written as BEGIN ... COMMIT). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
