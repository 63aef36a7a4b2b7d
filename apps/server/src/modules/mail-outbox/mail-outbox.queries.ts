import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  TMailOutboxDetail,
  TMailOutboxItem,
} from '@casebridge/domain/admin/system-tools.schemas';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

type MailRow = typeof mailOutbox.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function toItem(row: MailRow): TMailOutboxItem {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status as TMailOutboxItem['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listMail(
  db: Db,
  filter: { status?: TMailOutboxItem['status'] | undefined; search?: string | undefined },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(mailOutbox.status, filter.status));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern))!);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  return { items: rows.map(toItem), total: total?.n ?? 0 };
}

export async function getMail(db: Db, id: string): Promise<TMailOutboxDetail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? { ...toItem(row), text: row.text } : null;
}
