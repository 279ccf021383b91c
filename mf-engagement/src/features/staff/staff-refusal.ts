import { failureDescription, raiseToast } from '@party/shared-ui';

/** Says why the gateway refused a staff action: in its own words, or `what` failed and to try again. */
export const refused = (what: string) => (error: unknown) =>
  raiseToast({
    title: 'Error',
    description: failureDescription(error, `${what} Please try again.`),
    variant: 'destructive',
  });
