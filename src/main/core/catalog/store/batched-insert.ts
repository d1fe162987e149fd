// An INSERT whose rows are gathered and written several to a statement run: the staging's items and sizes,
// and the search index's rows at the end of a sync.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/**
 * Rows written by one INSERT (items, sizes, the search index's rows): a statement run per row pays for a call, a result and a
 * reset each time. With ITEMS_READ_AHEAD, the staging spends about 6 % less CPU (docs/decisions.md).
 */
export const ROWS_PER_INSERT = 50;

/**
 * An INSERT (`insert`: its words up to the column list) whose rows are gathered in `values`, a row's
 * values pushed in the order of `columns`, and written by `flush`: ROWS_PER_INSERT in one statement run.
 */
export class BatchedInsert {
  readonly values: SQLInputValue[] = [];
  readonly #width: number;
  readonly #many: StatementSync;
  readonly #one: StatementSync;

  constructor(db: DatabaseSync, insert: string, columns: readonly string[]) {
    this.#width = columns.length;
    const row = `(${columns.map(() => '?').join(', ')})`;
    const statement = (rows: number) =>
      db.prepare(`${insert} (${columns.join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`);
    this.#many = statement(ROWS_PER_INSERT);
    this.#one = statement(1);
  }

  /** Rows waiting for their INSERT. */
  get rows(): number {
    return this.values.length / this.#width;
  }

  /** Writes the rows waiting; answers how many the table took (an INSERT OR IGNORE may take fewer). */
  flush(): number {
    const values = this.values;
    let taken = 0;
    if (this.rows === ROWS_PER_INSERT) taken = Number(this.#many.run(...values).changes);
    else
      for (let at = 0; at < values.length; at += this.#width)
        taken += Number(this.#one.run(...values.slice(at, at + this.#width)).changes);
    this.discard();
    return taken;
  }

  /** Forgets the rows waiting: their transaction was rolled back. */
  discard(): void {
    this.values.length = 0;
  }
}
