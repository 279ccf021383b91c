declare global {
  interface Window {
    /** A form sent before its code could send it: held by the shell's inline script (head-scripts.ts). */
    partyHeldSubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  }
}

/** The submit held for `form`, taken so that it is sent once; null when there is none. */
export function takeHeldSubmit(form: HTMLFormElement): { submitter: HTMLElement | null } | null {
  const held = window.partyHeldSubmit;
  if (held?.form !== form) return null;
  delete window.partyHeldSubmit;
  return { submitter: held.submitter };
}
