import type { D1Migration } from '@cloudflare/vitest-pool-workers';
import type { Env as AppBindings } from '../src/lib/env';

declare global {
  namespace Cloudflare {
    interface Env extends AppBindings {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
