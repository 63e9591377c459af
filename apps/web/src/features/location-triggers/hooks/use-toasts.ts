import { create } from 'zustand';

export type Toast = {
  id: number;
  text: string;
  /** A button beside the text: its label and what it does. */
  action?: { label: string; run: () => void };
};

const SHOW_MS = 8000;
/** Older notices beyond this many waiting are dropped: a stop reached is news, a backlog is not. */
const MAX_WAITING = 2;
let ids = 0;
let timer = 0;

type Toasts = {
  queue: Toast[];
  show: (t: Omit<Toast, 'id'>) => void;
  dismiss: () => void;
};

/** The location feature's notices, one at a time, each for 8 s or until dismissed. */
export const useToasts = create<Toasts>()((set, get) => {
  const next = (queue: Toast[]) => {
    window.clearTimeout(timer);
    set({ queue });
    if (queue.length) timer = window.setTimeout(() => next(get().queue.slice(1)), SHOW_MS);
  };
  return {
    queue: [],
    show: (t) => {
      const [head, ...waiting] = get().queue;
      const toast = { ...t, id: ++ids };
      if (!head) return next([toast]);
      set({ queue: [head, ...waiting.slice(-(MAX_WAITING - 1)), toast] });
    },
    dismiss: () => next(get().queue.slice(1)),
  };
});

export const currentToast = (s: Toasts) => s.queue[0] ?? null;
