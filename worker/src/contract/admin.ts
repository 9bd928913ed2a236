// Admin console sign-in request schema (api-contract "Admin"); constants and response shapes
// live in admin-auth.ts (zod-free, for the admin SPA).
import { z } from 'zod';
import { ADMIN_AUTH_LIMITS } from './admin-auth';

export * from './admin-auth';

export const adminLoginBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(3).max(320),
  password: z.string().min(1).max(ADMIN_AUTH_LIMITS.passwordMaxChars),
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;
