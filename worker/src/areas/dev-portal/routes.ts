import { Hono } from 'hono';
import type { AppEnv } from '../../lib/env';

export const devPortalRoutes = new Hono<AppEnv>();
