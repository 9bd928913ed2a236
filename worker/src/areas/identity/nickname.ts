// The public 닉네임 (docs/trust.md "Identity (본인확인)"): existing members, whose public name was the portal's real name,
// are invited once to choose one. The name shown to others is members.name.
import { and, eq, isNull } from 'drizzle-orm';
import { members } from '../../db/schema';
import type { Db } from '../../lib/env';
import { memberGone } from '../members/service';
import { refuseContact } from '../safety/service';

export type NicknameState = { nickname: string; chosen: boolean };

export async function nicknameState(db: Db, memberId: number): Promise<NicknameState> {
  const rows = await db
    .select({ name: members.name, chosenAt: members.nicknameChosenAt })
    .from(members)
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) throw memberGone();
  return { nickname: row.name, chosen: row.chosenAt !== null };
}

export async function chooseNickname(db: Db, memberId: number, nickname: string, at: string): Promise<NicknameState> {
  refuseContact({ nickname });
  await db
    .update(members)
    .set({ name: nickname, nicknameChosenAt: at })
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  return nicknameState(db, memberId);
}
