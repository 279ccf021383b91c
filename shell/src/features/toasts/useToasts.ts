import { useStore } from 'zustand';
import { toastStore } from './toast-store';

export function useToasts() {
  return useStore(toastStore, (state) => state.toasts);
}
