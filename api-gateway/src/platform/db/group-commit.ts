/**
 * Writes rows in batches without waiting to gather them: the first row is written at once, and the
 * rows that arrive meanwhile go together in the next statement (PostgreSQL's group commit, done by
 * the caller). Each caller's promise settles when its own batch has committed or failed, so an
 * acknowledged row is a stored row; when a batch fails, so do the rows waiting behind it. Under load, a batch costs one statement and one commit instead
 * of one per row.
 */
export function groupCommit<Row>(write: (rows: Row[]) => Promise<void>, maxBatch = 200): (row: Row) => Promise<void> {
  const waiting: Array<{ row: Row; settle: (error?: unknown) => void }> = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        await write(batch.map(({ row }) => row));
        batch.forEach(({ settle }) => settle());
      } catch (error) {
        // The rows that waited meanwhile would meet the same outage after a second wait: they fail now.
        [...batch, ...waiting.splice(0)].forEach(({ settle }) => settle(error ?? new Error('The batch failed')));
      }
    }
    writing = false;
  }

  return (row) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void drain();
    });
}
