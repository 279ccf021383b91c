import { groupCommit } from './group-commit.js';

describe('groupCommit', () => {
  it('writes the first row at once and the rows that arrive meanwhile together, settling each caller with its batch', async () => {
    const batches: number[][] = [];
    let release = () => undefined as void;
    const write = groupCommit<number>(async (rows) => {
      batches.push(rows);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = write(1);
    const rest = [write(2), write(3), write(4)];
    await Promise.resolve();
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails the callers of a failed batch and those waiting behind it, and writes again afterwards', async () => {
    const write = groupCommit<string>(async (rows) => {
      await Promise.resolve();
      if (rows.includes('bad')) throw new Error('database away');
    });
    const outcomes = await Promise.allSettled([write('bad'), write('waiting')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(write('good')).resolves.toBeUndefined();
  });

  it('never puts more than the largest batch in one statement', async () => {
    const sizes: number[] = [];
    const write = groupCommit<number>(async (rows) => void sizes.push(rows.length), 3);
    await Promise.all(Array.from({ length: 8 }, (_, index) => write(index)));
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
