// The login screen's text (`ongi.auth.*`), in its own module so the console's small first-paint
// entry (main.tsx) can show the login form without the rest of the catalogue or react-admin.
export const authKo = {
  title: '온기 관리자',
  subtitle: '관리자 계정으로 로그인해 주세요.',
  email: '이메일',
  password: '비밀번호',
  sign_in: '로그인',
  signing_in: '로그인하는 중이에요…',
  login_failed: '로그인에 실패했어요',
  logout: '로그아웃',
  logout_failed: '로그아웃에 실패했어요. 잠시 후 다시 시도해 주세요.',
} as const;
