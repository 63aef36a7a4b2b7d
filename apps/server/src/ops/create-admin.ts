import '#src/runtime-check.ts';
import { ZCreateUserRequest } from '@casebridge/domain/users/user.schemas';
import { inChange } from '#src/change/change.ts';
import { migrateDatabase } from '#src/db/client.ts';
import { DataDirLockedError } from '#src/db/data-dir-lock.ts';
import { parseEnv } from '#src/env.ts';
import { AppError } from '#src/lib/app-error.ts';
import { bindAuditKeyring, loadAuditKeyring } from '#src/modules/audit/audit-key.ts';
import { systemContext } from '#src/lib/request-context.ts';
import { addUser } from '#src/modules/users/users.service.ts';
import { withCommandDatabase } from './ops-database.ts';

const USAGE = 'Usage: casebridge create-admin <e-mail> <full name>';

/**
 * `casebridge create-admin <e-mail> <name>` (`npm run create-admin -- …`): the first
 * administrator of a new installation, which has no demo accounts in production. Creates the
 * admin with an invitation, as the admin console would, audited as done by the system; the
 * invitation is e-mailed by a running instance when SMTP_URL is set, and its link is printed here
 * for an installation without mail yet.
 */
const [email, name, ...rest] = process.argv.slice(2);
const parsed = ZCreateUserRequest.safeParse({ email, name, role: 'admin' });
if (rest.length > 0 || !parsed.success) {
  console.error(parsed.success ? USAGE : `${USAGE}\n${parsed.error.issues[0]?.message}`);
  process.exit(2);
}
try {
  const env = parseEnv();
  let link = '';
  await withCommandDatabase(env, async (database) => {
    await migrateDatabase(database);
    // The admin's creation is audited, signed under the same key as the server's rows.
    bindAuditKeyring(database.db, loadAuditKeyring(env));
    await inChange(database.db, { actor: null, context: systemContext(env.appUrl) }, (change) =>
      addUser(change, null, parsed.data, {
        preApproved: true,
        auditDetails: `${parsed.data.email} (Admin), by casebridge create-admin`,
        onInvitationLink: (invitation) => (link = invitation),
      }),
    );
  });
  console.info(`Created the admin ${parsed.data.email}. They set their password at:\n${link}`);
  process.exit(0);
} catch (error) {
  const isExpected = error instanceof AppError || error instanceof DataDirLockedError;
  console.error(isExpected ? error.message : error);
  process.exit(1);
}
