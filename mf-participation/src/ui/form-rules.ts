import { commentSchema, formRules } from '@party/shared-contracts';

// The comment form's rules (the shared schema the gateway applies), in a chunk of their own with
// zod: loaded when a visitor starts on the form, not with the page.

export const comment = formRules(commentSchema);
