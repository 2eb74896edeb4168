// Small helpers for the list queries: a WHERE clause built from optional filters, with lists
// passed as one JSON parameter so the SQL text (and its cached statement) does not vary with
// the number of ids.
export class Where {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  toString(): string {
    return this.clauses.length ? this.clauses.join(' AND ') : 'TRUE';
  }
}

export const jsonList = (values: unknown[]) => JSON.stringify(values);

/** A LIKE pattern matching text that contains `needle` literally (case-insensitive for ASCII). */
export const likeContains = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether an entry (alias e, its project alias p) is billable: its project and every tag are. */
export const ENTRY_BILLABLE = `(COALESCE(p.billable, 1) = 1 AND NOT EXISTS (
  SELECT 1 FROM entry_tags bt JOIN tags btag ON btag.id = bt.tag_id WHERE bt.entry_id = e.id AND btag.billable = 0))`;
