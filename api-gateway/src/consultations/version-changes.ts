import { diffWords } from 'diff';
import type { ConsultationParagraph, ParagraphChange } from '@party/shared-contracts';

/**
 * The changes from one version of a draft to the next, paragraph by paragraph (unchanged ones left
 * out), in the new version's order and then what was removed: word by word where a paragraph was
 * revised, so that a reader sees what moved without comparing two texts. Worked out here, not in
 * the page: the page shows them without a diff library's code.
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
