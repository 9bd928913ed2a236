// One JSON line per failure that must not fail the call around it (best-effort work).
export function logFailure(where: string, err: unknown): void {
  console.error(JSON.stringify({ level: 'error', where, message: String(err) }));
}
