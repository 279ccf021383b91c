import { commentByEmailSchema, commentSchema, formRules } from '@party/shared-contracts';

// The comment form's rules (the shared schemas the gateway applies), in a chunk of their own with
// zod: loaded when a visitor starts on the form, not with the page. A signed-in member's comment
// needs no email; anyone else's does.

export const comment = formRules(commentSchema);
export const commentByEmail = formRules(commentByEmailSchema);
