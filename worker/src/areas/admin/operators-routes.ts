// 운영자 관리 (ADMIN only; docs/safety.md "Roles"): list the console's accounts, add an operator
// with a temporary password and a role, change a role, reset a lost second factor. Each change is
// written to the audit log in the same batch (OPERATOR_CREATED, OPERATOR_CHANGED).
import { Hono } from 'hono';
import { ADMIN_MESSAGES, operatorCreateBody, operatorUpdateBody, type OperatorRow } from '../../contract/admin';
import { requireAdmin, requireAdminRole } from '../../lib/admin-auth';
import type { AppEnv } from '../../lib/env';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import { jsonBody, parseWith } from '../../lib/validation';
import { auditInsert, recordAudit } from '../audit/repo';
import { findAdminByEmail } from './repo';
import { findOperator, insertOperator, listOperators, setRoleStatement } from './operators-repo';
import { hashPassword } from './password';
import { idParam, noStore } from '../../lib/params';
import { setContentRange } from './list-query';
import { resetSecondFactorStatements } from './second-factor-repo';

export const adminOperatorRoutes = new Hono<AppEnv>();

// `/admin/api/operators/*` also matches `/admin/api/operators` itself.
adminOperatorRoutes.use('/admin/api/operators/*', requireAdmin, requireAdminRole('ADMIN'));

const operatorId = (c: Parameters<typeof idParam>[0]) =>
  idParam(c, 'id', () => new NotFound(ADMIN_MESSAGES.operatorNotFound, 'OPERATOR_NOT_FOUND'));

async function operatorOr404(c: Parameters<typeof idParam>[0], id: number): Promise<OperatorRow> {
  const operator = await findOperator(c.get('db'), id);
  if (!operator) throw new NotFound(ADMIN_MESSAGES.operatorNotFound, 'OPERATOR_NOT_FOUND');
  return operator;
}

adminOperatorRoutes.get('/admin/api/operators', async (c) => {
  const rows = await listOperators(c.get('db'));
  setContentRange(c, 'operators', 0, rows.length, rows.length);
  return c.json(rows);
});

adminOperatorRoutes.get('/admin/api/operators/:id', async (c) => {
  noStore(c);
  return c.json(await operatorOr404(c, operatorId(c)));
});

adminOperatorRoutes.post('/admin/api/operators', async (c) => {
  const body = parseWith(operatorCreateBody, await jsonBody(c));
  const db = c.get('db');
  const taken = () => new Conflict(ADMIN_MESSAGES.operatorEmailTaken, 'OPERATOR_EMAIL_TAKEN');
  if (await findAdminByEmail(db, body.email)) throw taken();
  const id = await insertOperator(db, {
    email: body.email,
    name: body.name,
    role: body.role,
    passwordHash: await hashPassword(body.password),
  });
  if (id === null) throw taken();
  await recordAudit(db, c.get('admin'), {
    action: 'OPERATOR_CREATED',
    subjectType: 'ADMIN',
    subjectId: id,
    detail: { email: body.email, name: body.name, role: body.role },
  });
  noStore(c);
  return c.json(await operatorOr404(c, id), 201);
});

adminOperatorRoutes.patch('/admin/api/operators/:id', async (c) => {
  const id = operatorId(c);
  const { role } = parseWith(operatorUpdateBody, await jsonBody(c));
  const db = c.get('db');
  const before = await operatorOr404(c, id);
  // Nobody changes their own role: the last 관리자 cannot lock everyone out of 운영자 관리.
  if (id === c.get('admin').id) throw new Forbidden(ADMIN_MESSAGES.operatorSelfRole, 'OPERATOR_SELF_ROLE');
  if (before.role !== role) {
    await db.batch([
      setRoleStatement(db, id, role),
      auditInsert(db, c.get('admin'), {
        action: 'OPERATOR_CHANGED',
        subjectType: 'ADMIN',
        subjectId: id,
        detail: { role: { from: before.role, to: role } },
      }),
    ]);
  }
  noStore(c);
  return c.json(await operatorOr404(c, id));
});

// A lost phone and lost recovery codes: the operator enrols again at their next sign-in (their
// sessions end now).
adminOperatorRoutes.post('/admin/api/operators/:id/reset-second-factor', async (c) => {
  const id = operatorId(c);
  const db = c.get('db');
  await operatorOr404(c, id);
  if (id === c.get('admin').id) throw new Forbidden(ADMIN_MESSAGES.operatorSelfReset, 'OPERATOR_SELF_RESET');
  await db.batch([
    ...resetSecondFactorStatements(db, id),
    auditInsert(db, c.get('admin'), {
      action: 'OPERATOR_CHANGED',
      subjectType: 'ADMIN',
      subjectId: id,
      detail: { secondFactor: 'RESET' },
    }),
  ]);
  noStore(c);
  return c.json(await operatorOr404(c, id));
});
