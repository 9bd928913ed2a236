import { profileNotFound } from './service';

/** A positive member id from a path segment; anything else is a profile that does not exist. */
export function memberIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw profileNotFound();
  return id;
}
