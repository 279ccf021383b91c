import { PARTY_NAME } from '@party/shared-contracts';
import type { PolicyArea } from './policy-areas';

/** The full policy paper of an area as a Markdown document. */
export function policyPaper(area: PolicyArea): string {
  return [
    `# ${area.title} — ${PARTY_NAME} policy paper`,
    '',
    '## Overview',
    '',
    area.overview,
    '',
    '## Key initiatives',
    '',
    ...area.keyInitiatives.map((initiative) => `- ${initiative}`),
    '',
    '## Evidence base',
    '',
    ...area.evidenceBase.map((source) => `- ${source}`),
    '',
  ].join('\n');
}

export const policyPaperFileName = (area: PolicyArea) => `refoundation-${area.id}-policy-paper.md`;
