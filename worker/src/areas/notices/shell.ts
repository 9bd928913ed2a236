// The notices page's list, filled into its prerendered shell (worker/src/lib/spa.ts): the same list
// GET /notices answers, read when a browser opens the page.
import type { Context } from 'hono';
import { noticeListValues } from '../../contract/notices';
import type { AppEnv } from '../../lib/env';
import type { ShellLists } from '../../lib/spa';
import { noticeList } from './service';

export const noticeShellLists: ShellLists = {
  '/notices': async (c: Context<AppEnv>) => {
    const items = await noticeList(c.get('db'));
    return { items, values: items.map(noticeListValues) };
  },
};
