import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INTEREST_TAGS } from '@contract/enums';
import { installFakeXhr } from '../../test/fake-xhr';
import { jsonResponse, makeImageFile, makeSignupToken } from '../../test/factories';
import { renderPage } from '../../test/render';
import { SignupPage } from './signup-page';

const REQUIRED_ONLY = {
  SERVICE_USE: true,
  PRIVACY: true,
  SENSITIVE_INFO: true,
  LOCATION: false,
  OVER_19: true,
  MARKETING: false,
};

function prepare({ location = false }: { location?: boolean } = {}) {
  sessionStorage.setItem(
    'tempSignupToken',
    makeSignupToken({ name: '김온기', email: 'ongi@example.com', gender: 'F', age: 28 }),
  );
  localStorage.setItem('agreements', JSON.stringify({ ...REQUIRED_ONLY, LOCATION: location }));
  // What POST /api/member/identity answered on /signup/verify.
  sessionStorage.setItem('verifiedIdentity', JSON.stringify({ name: '김진짜', birthDate: '1998-04-12', gender: 'F' }));
}

const renderSignup = () =>
  renderPage('/signup', <SignupPage />, {
    probes: ['/', '/main', '/signup/details', '/member/termsAgree', '/signup/verify'],
  });
const photoInput = () => screen.getByLabelText('사진 추가하기');
const previews = () => screen.queryAllByRole('img', { name: /사진 미리보기/ });

describe('signup prerequisites', () => {
  it('without a temporary token says 임시 인증 정보가 없어요 and goes to /', async () => {
    renderSignup();
    expect(await screen.findByText('임시 인증 정보가 없어요')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('with an unreadable token says 인증 정보에 문제가 있어요', async () => {
    sessionStorage.setItem('tempSignupToken', 'not-a-jwt');
    localStorage.setItem('agreements', JSON.stringify(REQUIRED_ONLY));
    renderSignup();
    expect(await screen.findByText('인증 정보에 문제가 있어요')).toBeInTheDocument();
  });

  it('without agreements says 약관 동의 정보가 없어요 and goes back to the agreement page', async () => {
    sessionStorage.setItem('tempSignupToken', makeSignupToken());
    renderSignup();
    expect(await screen.findByText('약관 동의 정보가 없어요')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/member/termsAgree');
  });
});

describe('signup form rules', () => {
  beforeEach(() => prepare());

  it('asks for a nickname (empty, editable) and shows the verified name, birthday and gender read-only', () => {
    renderSignup();
    expect(screen.getByLabelText('닉네임')).toHaveValue('');
    expect(screen.getByLabelText('닉네임')).not.toHaveAttribute('readonly');
    for (const [label, value] of [
      ['이름(본인확인)', '김진짜'],
      ['이메일', 'ongi@example.com'],
      ['생일', '1998-04-12'],
      ['성별', '여성'],
    ]) {
      expect(screen.getByLabelText(label ?? '')).toHaveValue(value);
      expect(screen.getByLabelText(label ?? '')).toHaveAttribute('readonly');
    }
  });

  it('without 본인확인 sends the member to /signup/verify', async () => {
    sessionStorage.removeItem('verifiedIdentity');
    renderSignup();
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signup/verify'));
  });

  it('refuses a 7th interest with 관심사는 최대 6개까지 선택할 수 있어요', async () => {
    const user = userEvent.setup();
    renderSignup();
    for (const tag of INTEREST_TAGS.slice(0, 6)) await user.click(screen.getByRole('button', { name: tag }));
    expect(screen.queryByText('관심사는 최대 6개까지 선택할 수 있어요.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: INTEREST_TAGS[6] }));
    expect(screen.getByText('관심사는 최대 6개까지 선택할 수 있어요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: INTEREST_TAGS[6] })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(6);
  });

  it('accepts image files only', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderSignup();
    await user.upload(photoInput(), [makeImageFile('a.jpg'), new File(['hi'], 'notes.txt', { type: 'text/plain' })]);
    expect(await screen.findByText('JPG, PNG 사진만 올릴 수 있어요.')).toBeInTheDocument();
    await vi.waitFor(() => expect(previews()).toHaveLength(1));
  });

  it('refuses GIF and HEIC photos, naming the accepted types, and offers only those in the picker', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderSignup();
    expect(photoInput()).toHaveAttribute('accept', 'image/jpeg,image/png');
    await user.upload(photoInput(), [
      makeImageFile('funny.gif', 'image/gif'),
      makeImageFile('IMG_1.HEIC', 'image/heic'),
    ]);
    expect(await screen.findByText('JPG, PNG 사진만 올릴 수 있어요.')).toBeInTheDocument();
    expect(previews()).toHaveLength(0);
  });

  it('refuses a 4th photo and hides the add button at three', async () => {
    const user = userEvent.setup();
    renderSignup();
    await user.upload(photoInput(), [
      makeImageFile('1.jpg'),
      makeImageFile('2.jpg'),
      makeImageFile('3.jpg'),
      makeImageFile('4.jpg'),
    ]);
    expect(await screen.findByText('사진은 최대 3장까지 올릴 수 있어요.')).toBeInTheDocument();
    await vi.waitFor(() => expect(previews()).toHaveLength(3));
    expect(screen.queryByLabelText('사진 추가하기')).not.toBeInTheDocument();
  });

  it('has no location section without the LOCATION agreement', () => {
    renderSignup();
    expect(screen.queryByRole('heading', { name: '사는 곳' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '시/도' })).not.toBeInTheDocument();
  });

  it('shows the region picker when LOCATION was agreed', () => {
    prepare({ location: true });
    renderSignup();
    expect(screen.getByRole('heading', { name: '사는 곳' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '시/도' })).toBeInTheDocument();
  });

  it('asks for the seeking gender before sending anything', async () => {
    const xhr = installFakeXhr();
    const user = userEvent.setup();
    renderSignup();
    await user.click(screen.getByRole('button', { name: '가입 완료하기' }));
    expect(await screen.findByText('만나고 싶은 상대의 성별을 선택해 주세요.')).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);
  });
});

describe('signup submission', () => {
  it('sends data + images as multipart, logs in with the new id and goes to /main', async () => {
    prepare({ location: true });
    const xhr = installFakeXhr(() => ({ status: 200, body: '42' }));
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({ accessToken: 'fresh-token' })));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderSignup();

    await user.clear(screen.getByLabelText('닉네임'));
    await user.type(screen.getByLabelText('닉네임'), '온기');
    await user.click(screen.getByRole('radio', { name: '모두' }));
    await user.click(screen.getByRole('button', { name: '여행' }));
    await user.upload(photoInput(), [makeImageFile('me.jpg')]);
    await vi.waitFor(() => expect(previews()).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: '시/도' }), '서울특별시');
    await user.selectOptions(screen.getByRole('combobox', { name: '시/군/구' }), '마포구');
    await user.click(screen.getByRole('button', { name: '가입 완료하기' }));

    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signup/details'));
    const sent = xhr.sent[0];
    expect(sent?.url).toBe('/api/member/profile');
    expect(sent?.withCredentials).toBe(true);
    const data = sent?.body?.get('data');
    expect(data).toBeInstanceOf(Blob);
    expect((data as Blob).type).toBe('application/json');
    expect(JSON.parse(await (data as Blob).text())).toMatchObject({
      name: '온기',
      lookingFor: 'both',
      interests: ['여행'],
      city: '서울특별시',
      district: '마포구',
      lat: 37.56,
      lng: 126.91,
      agreements: { LOCATION: true },
    });
    expect(sent?.body?.getAll('images')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith('/login/42', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
    expect(sessionStorage.getItem('tempSignupToken')).toBeNull();
  });

  it('shows 오류가 발생했어요 with the server message and the field errors inline', async () => {
    prepare();
    installFakeXhr(() => ({
      status: 400,
      body: JSON.stringify({
        code: 'INVALID_INPUT',
        message: '입력한 내용을 다시 확인해 주세요.',
        fields: { name: '이미 쓰고 있는 이름이에요.' },
      }),
    }));
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('닉네임'), '온기');
    await user.click(screen.getByRole('radio', { name: '여성' }));
    await user.click(screen.getByRole('button', { name: '가입 완료하기' }));

    const alert = await screen.findByText('오류가 발생했어요: 입력한 내용을 다시 확인해 주세요.');
    expect(alert).toHaveAttribute('role', 'alert');
    const nameField = screen.getByLabelText('닉네임').closest('.field');
    expect(within(nameField as HTMLElement).getByText('이미 쓰고 있는 이름이에요.')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
