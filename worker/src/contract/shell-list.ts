// A prerendered page whose first screen is a list of public data (the notices page): the member app's
// build renders the page with sample items and keeps the markup of one item with a token for each
// value (member-web/src/first-paint/prerender.tsx); the Worker fills in the current items at request time
// (worker/src/lib/spa.ts), so the list paints with the document and the app hydrates the same markup.

/** The build-time markup: the page without items, the page with the slot where they go, one item. */
export type ListTemplate = { empty: string; list: string; item: string };

/** Where the items go in `list`. */
export const LIST_SLOT = '<!--ongi:items-->';

/** The token an item's value takes in `item` (braces and letters, which React's escaping leaves alone). */
export const listToken = (name: string): string => `{{ongi:${name}}}`;

/** Text and attribute values as React writes them (double-quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** One item's markup; a token without a value stays as it is (the build's check then fails). */
export function fillListItem(item: string, values: Record<string, string>): string {
  return item.replace(/\{\{ongi:(\w+)\}\}/g, (token, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name] ?? '') : token,
  );
}

/** The page with these items (the template's own empty page when there are none). */
export function fillList(template: ListTemplate, items: readonly Record<string, string>[]): string {
  if (items.length === 0) return template.empty;
  const markup = items.map((values) => fillListItem(template.item, values)).join('');
  return template.list.replace(LIST_SLOT, () => markup);
}
