import { PARTY_NAME, type PageMeta } from '@party/shared-contracts';

function setMetaContent(selector: string, attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Applies a page's title and description to the document (and its social-preview tags). */
export function applyPageMeta({ title, description }: PageMeta): void {
  const fullTitle = title === PARTY_NAME ? title : `${title} | ${PARTY_NAME}`;
  document.title = fullTitle;
  setMetaContent('meta[name="description"]', 'name', 'description', description);
  setMetaContent('meta[property="og:title"]', 'property', 'og:title', fullTitle);
  setMetaContent('meta[property="og:description"]', 'property', 'og:description', description);
}
