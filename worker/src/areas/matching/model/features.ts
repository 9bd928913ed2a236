// Attribute tokens the learned recommender shares across members (train.ts): gender, a 5-year
// age band, interests and the issue-13 profile details that say something about lifestyle and
// intent (MBTI letters, smoking, drinking, 찾는 관계). Missing answers give no token.
export type MemberTraits = {
  gender: string;
  birthday: string;
  interests: readonly string[];
  mbti?: string | null;
  smoking?: string | null;
  drinking?: string | null;
  lookingFor?: string | null;
};

export function attributeTokens(m: MemberTraits): string[] {
  const out = [`g:${m.gender}`, `y:${Math.floor(Number(m.birthday.slice(0, 4)) / 5)}`];
  for (const t of m.interests) out.push(`i:${t}`);
  if (m.mbti && m.mbti.length === 4) for (const letter of m.mbti) out.push(`mbti:${letter}`);
  if (m.smoking) out.push(`smoke:${m.smoking}`);
  if (m.drinking) out.push(`drink:${m.drinking}`);
  if (m.lookingFor) out.push(`goal:${m.lookingFor}`);
  return out;
}
