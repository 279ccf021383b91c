import { createStore } from 'zustand/vanilla';
import type { ToastRequest, ToastVariant } from '@party/shared-contracts';

/** At most this many toasts are on screen; a new one replaces the oldest. */
export const TOAST_LIMIT = 1;
/** How long a dismissed toast is kept (closed) before it is removed from the store. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;

export interface Toast {
  id: string;
  open: boolean;
  title?: string;
  description: string;
  variant: ToastVariant;
  duration: number;
}

interface ToastState {
  toasts: Toast[];
  show: (request: ToastRequest) => string;
  dismiss: (id: string) => void;
  remove: (id: string) => void;
}

export function createToastStore() {
  let nextId = 0;
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show: (request) => {
      nextId += 1;
      const toast: Toast = {
        id: String(nextId),
        open: true,
        title: request.title,
        description: request.description,
        variant: request.variant ?? 'default',
        duration: request.duration ?? TOAST_DEFAULT_DURATION_MS,
      };
      set((state) => ({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) }));
      return toast.id;
    },
    dismiss: (id) => {
      set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
      if (removalTimers.has(id)) return;
      removalTimers.set(
        id,
        setTimeout(() => get().remove(id), TOAST_REMOVE_DELAY_MS),
      );
    },
    remove: (id) => {
      clearTimeout(removalTimers.get(id));
      removalTimers.delete(id);
      set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
    },
  }));
}

/** The single toast store of the page: every toast, from the shell or a remote, lands here. */
export const toastStore = createToastStore();
