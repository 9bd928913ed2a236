// Paging, sorting and searching in the browser for the lists whose spec endpoint answers the whole
// list at once (notices, feedback, reported members): small, bounded sets.
import type { GetListParams, GetListResult, RaRecord } from 'react-admin';

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'ko');
}

/** Text fields searched by the `q` filter. */
export type SearchFields<T> = (keyof T & string)[];

export function localList<T extends RaRecord>(
  records: T[],
  params: Partial<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>>,
  searchFields: SearchFields<T> = [],
): GetListResult<T> {
  const filter = (params.filter ?? {}) as Record<string, unknown>;
  const q = typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '';
  let rows = records.filter((r) => {
    if (
      q &&
      !searchFields.some((f) =>
        String(r[f] ?? '')
          .toLowerCase()
          .includes(q),
      )
    )
      return false;
    return Object.entries(filter).every(([key, value]) => {
      if (key === 'q' || value === undefined || value === '') return true;
      const actual = (r as Record<string, unknown>)[key];
      return Array.isArray(value) ? value.map(String).includes(String(actual)) : String(actual) === String(value);
    });
  });
  const sort = params.sort;
  if (sort?.field) {
    const dir = sort.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort((a, b) => dir * compare(a[sort.field], b[sort.field]) || compare(a.id, b.id));
  }
  const total = rows.length;
  if (params.pagination) {
    const { page, perPage } = params.pagination;
    rows = rows.slice((page - 1) * perPage, page * perPage);
  }
  return { data: rows, total };
}
