import { diffWords } from 'diff';
import type { ConsultationParagraph } from '@party/shared-contracts';

/** A run of words in a changed paragraph: kept, added or removed. */
export interface WordRun {
  text: string;
  change: 'kept' | 'added' | 'removed';
}

/** What became of a paragraph between two versions, matched by its key. */
export type ParagraphChange =
  | { kind: 'revised'; number: number; was: number; runs: WordRun[] }
  | { kind: 'added'; number: number; text: string }
  | { kind: 'removed'; was: number; text: string };

/**
 * The changes from one version of a draft to the next, paragraph by paragraph (unchanged ones left
 * out), in the new version's order and then what was removed: word by word where a paragraph was
 * revised, so that a reader sees what moved without comparing two texts.
 */
export function versionChanges(
  previous: readonly ConsultationParagraph[],
  latest: readonly ConsultationParagraph[],
): ParagraphChange[] {
  const before = new Map(previous.map((paragraph) => [paragraph.key, paragraph]));
  const kept = new Set(latest.map((paragraph) => paragraph.key));
  const changes: ParagraphChange[] = [];
  for (const paragraph of latest) {
    const earlier = before.get(paragraph.key);
    if (!earlier) changes.push({ kind: 'added', number: paragraph.number, text: paragraph.text });
    else if (earlier.text !== paragraph.text)
      changes.push({
        kind: 'revised',
        number: paragraph.number,
        was: earlier.number,
        runs: diffWords(earlier.text, paragraph.text).map((part) => ({
          text: part.value,
          change: part.added ? 'added' : part.removed ? 'removed' : 'kept',
        })),
      });
  }
  for (const paragraph of previous)
    if (!kept.has(paragraph.key)) changes.push({ kind: 'removed', was: paragraph.number, text: paragraph.text });
  return changes;
}
