import { useEffect } from 'react';

/**
 * Marks the document interactive (`<html data-hydrated>`) once React has taken over the page the
 * server sent: forms are sent by the page's code from then on, not by the browser.
 */
export function HydrationMark() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return null;
}
