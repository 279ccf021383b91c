import { type ToastRequest } from '@party/shared-contracts';
import { onToastRaised } from '@party/shared-contracts/ui';

/** The toasts raised through the shell channel during each test of the file. */
export function collectToasts(): ToastRequest[] {
  const toasts: ToastRequest[] = [];
  let stop = () => undefined as void;
  beforeEach(() => {
    toasts.length = 0;
    stop = onToastRaised((toast) => toasts.push(toast));
  });
  afterEach(() => stop());
  return toasts;
}
