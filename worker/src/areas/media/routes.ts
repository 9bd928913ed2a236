import { Hono } from 'hono';
import type { AppEnv } from '../../lib/env';

export const mediaRoutes = new Hono<AppEnv>();
