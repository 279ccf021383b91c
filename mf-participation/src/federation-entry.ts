// Never loaded. Rspack must place the external federation runtime in an entry chunk and does not
// count the remote container as one; this empty entry gives it one (see docs/decisions/0003).
export {};
