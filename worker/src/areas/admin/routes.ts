import { Hono } from 'hono';
import type { AppEnv } from '../../lib/env';

export const adminRoutes = new Hono<AppEnv>();
