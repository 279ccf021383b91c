import { staffLinks } from '@party/shared-contracts';
import { apiRequest } from '@party/shared-ui';

// Release previews. Each call throws the gateway's refusal.

export const preview = (remote: string, version: string) =>
  apiRequest<{ url: string; expiresAt: string }>('POST', `${staffLinks.releasesEndpoint}/${remote}/previews`, {
    version,
  });
export const endPreview = (linkId: string) =>
  apiRequest<void>('DELETE', `${staffLinks.previewLinksEndpoint}/${linkId}`);
