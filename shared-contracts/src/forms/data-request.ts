import * as z from 'zod/mini';
import { emailField } from './form-fields.js';

/** What anyone may ask of the data held under their email address (privacy policy: access and erasure). */
export const dataRequestKinds = ['copy', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/** Asking for a copy of one's data, or its erasure: the link that does it goes to the address. */
export const dataRequestSchema = z.object({
  email: emailField(),
  request: z.enum(dataRequestKinds, 'Please choose what you are asking for'),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
