// A tiny toast queue usable from anywhere (the HTTP client shows '로그아웃되었어요' outside React).
export type ToastTone = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const DEFAULT_DURATION_MS = 4_000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function showToast(message: string, tone: ToastTone = 'info', durationMs = DEFAULT_DURATION_MS): number {
  const id = nextId++;
  // The same message twice in a row (e.g. several failing calls) shows once.
  toasts = [...toasts.filter((t) => t.message !== message), { id, message, tone }].slice(-4);
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly Toast[] => toasts;

/** Drops every toast (tests start from a clean queue). */
export function clearToasts(): void {
  toasts = [];
  emit();
}
