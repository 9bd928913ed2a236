// ra-data-simple-rest list queries: `sort=["name","ASC"]`, `range=[0,24]`, `filter={"q":"김"}`
// (each a JSON text), and the `Content-Range` answer the console reads the total from.
import type { Context } from 'hono';
import { ADMIN_CONSOLE_MESSAGES } from '../../contract/admin';
import type { AppEnv } from '../../lib/env';
import { Invalid } from '../../lib/errors';

export type SortOrder = 'ASC' | 'DESC';
export type ListQuery = {
  sort: { field: string; order: SortOrder } | null;
  /** Inclusive row indexes; null = everything. */
  range: { start: number; end: number } | null;
  filter: Record<string, unknown>;
};

/** A page can never ask for more rows than this in one call. */
const MAX_PAGE_ROWS = 1000;

const invalid = (field: string) =>
  new Invalid(ADMIN_CONSOLE_MESSAGES.listQueryInvalid, { [field]: ADMIN_CONSOLE_MESSAGES.listQueryInvalid });

function parseJson(text: string | undefined, field: string): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(field);
  }
}

export function parseListQuery(c: Context<AppEnv>): ListQuery {
  const sortRaw = parseJson(c.req.query('sort'), 'sort');
  const rangeRaw = parseJson(c.req.query('range'), 'range');
  const filterRaw = parseJson(c.req.query('filter'), 'filter');

  let sort: ListQuery['sort'] = null;
  if (sortRaw !== undefined) {
    if (!Array.isArray(sortRaw) || typeof sortRaw[0] !== 'string') throw invalid('sort');
    const order = String(sortRaw[1] ?? 'ASC').toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw invalid('sort');
    sort = { field: sortRaw[0], order };
  }

  let range: ListQuery['range'] = null;
  if (rangeRaw !== undefined) {
    const [start, end] = Array.isArray(rangeRaw) ? rangeRaw : [];
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) throw invalid('range');
    range = { start, end: Math.min(end, start + MAX_PAGE_ROWS - 1) };
  }

  if (filterRaw !== undefined && (typeof filterRaw !== 'object' || filterRaw === null || Array.isArray(filterRaw))) {
    throw invalid('filter');
  }
  return { sort, range, filter: (filterRaw as Record<string, unknown> | undefined) ?? {} };
}

/** The filter value as a list of strings (one value or an array of them), or undefined. */
export function filterStrings(filter: Record<string, unknown>, key: string): string[] | undefined {
  const value = filter[key];
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => String(v));
}

/** Sets `Content-Range: <resource> <start>-<end>/<total>` (`*\/0` when nothing matched). */
export function setContentRange(c: Context<AppEnv>, resource: string, start: number, count: number, total: number) {
  c.header(
    'Content-Range',
    count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`,
  );
  c.header('Cache-Control', 'no-store');
}
