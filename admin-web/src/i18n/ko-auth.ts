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
  second_factor: {
    title: '2단계 인증',
    verify_lead: '인증 앱에 보이는 6자리 코드를 입력해 주세요.',
    code: '인증 코드 (6자리)',
    verify: '확인',
    verifying: '확인하는 중이에요…',
    failed: '인증에 실패했어요',
    use_recovery: '복구 코드로 로그인하기',
    use_app: '인증 앱 코드로 로그인하기',
    recovery_lead:
      '인증 앱을 쓸 수 없을 때, 처음 등록할 때 받은 복구 코드 하나를 입력해 주세요. 복구 코드는 한 번씩만 쓸 수 있어요.',
    recovery_code: '복구 코드',
    recovery_left: '남은 복구 코드가 %{count}개예요. 얼마 남지 않았다면 관리자에게 2단계 인증 초기화를 부탁해 주세요.',
    enrol_title: '2단계 인증 등록',
    enrol_lead:
      '처음 로그인했어요. 휴대폰의 인증 앱(Google Authenticator, Microsoft Authenticator 등)으로 QR 코드를 찍어 등록해 주세요.',
    enrol_loading: '등록 정보를 준비하고 있어요…',
    enrol_load_failed: '등록 정보를 불러오지 못했어요.',
    retry: '다시 시도',
    qr_alt: '인증 앱에 등록할 QR 코드',
    manual_key: 'QR 코드를 찍을 수 없다면 이 키를 직접 입력해 주세요',
    enrol_code_lead: '등록한 뒤 앱에 보이는 6자리 코드를 입력해 주세요.',
    enrol_submit: '등록하기',
    codes_title: '복구 코드를 저장해 주세요',
    codes_lead:
      '휴대폰을 잃어버렸을 때 이 코드로 로그인할 수 있어요. 코드마다 한 번씩 쓸 수 있고, 이 화면을 닫으면 다시 볼 수 없어요.',
    codes_list: '복구 코드 10개',
    copy: '복사하기',
    copied: '복사했어요',
    copy_failed: '복사하지 못했어요. 코드를 직접 적어 두세요.',
    download: '내려받기',
    download_name: '온기-관리자-복구코드.txt',
    saved_check: '복구 코드를 안전한 곳에 저장했어요',
    saved: '저장했어요',
    cancel: '다른 계정으로 로그인',
    signed_in_as: '%{name}님으로 로그인하고 있어요.',
  },
} as const;

/** Fills `%{key}` placeholders (the login screens run before react-admin's i18n is loaded). */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
