/** The party's public name: toasts and page titles in every package name it the same way. */
export const PARTY_NAME = 'The Refoundation Party';
