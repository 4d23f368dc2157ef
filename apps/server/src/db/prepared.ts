import type { AppDatabase } from './client';

/**
 * A statement built once per database handle (a drizzle prepared statement belongs to the handle it
 * was built on), then only run. Statements on the hot paths (the session check, the feed page, a
 * viewer's likes) are built this way: building a query per call costs more than running it.
 */
export function preparedPer<T>(build: (db: AppDatabase) => T): (db: AppDatabase) => T {
  const built = new WeakMap<AppDatabase, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
