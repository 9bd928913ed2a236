import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POSES } from '@contract/photo-verification';
import { installFakeXhr } from '../../test/fake-xhr';
import { makeImageFile } from '../../test/factories';
import { renderPage } from '../../test/render';
import { stubFetch } from '../mypage/fetch-stub';
import { VerifyPhotoPage, cameraErrorMessage } from './verify-photo-page';

const IDENTITY = { verified: false, verifiedAt: null };
const state = (photo: Record<string, unknown>) => ({ identity: IDENTITY, photo });
const POSE = {
  pose: 'THUMBS_UP',
  caption: POSES.THUMBS_UP,
  poseToken: 'THUMBS_UP.1.sig',
  expiresAt: '2026-11-26T15:00:00Z',
};

function setCamera(getUserMedia: (() => Promise<unknown>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined,
  });
}

describe('사진 인증 page', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));
  afterEach(() => setCamera(undefined));

  it('starts a check: shows the server’s pose drawn with its caption', async () => {
    const fetch = stubFetch({
      'GET /api/on/verification': state({ status: 'NONE' }),
      'POST /api/on/verification/photo/start': POSE,
    });
    const user = userEvent.setup();
    renderPage('/mypage/verify-photo', <VerifyPhotoPage />);
    expect(await screen.findByText('아직 사진 인증을 하지 않았어요.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '포즈 받고 시작하기' }));
    expect(await screen.findByRole('heading', { name: '이 포즈로 찍어 주세요' })).toBeInTheDocument();
    expect(screen.getByText(POSES.THUMBS_UP)).toBeInTheDocument();
    expect(document.querySelector('.pose__art svg')).not.toBeNull();
    expect(fetch.callsTo('POST /api/on/verification/photo/start')).toHaveLength(1);
  });

  it('asks for the front camera and explains a refused permission in Korean', async () => {
    stubFetch({
      'GET /api/on/verification': state({ status: 'NONE' }),
      'POST /api/on/verification/photo/start': POSE,
    });
    const denied = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    setCamera(denied);
    const user = userEvent.setup();
    renderPage('/mypage/verify-photo', <VerifyPhotoPage />);
    await user.click(await screen.findByRole('button', { name: '포즈 받고 시작하기' }));
    await user.click(await screen.findByRole('button', { name: '카메라 켜기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('카메라 권한이 거부되었어요');
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
  });

  it('sends a chosen file as the UPLOAD fallback with the pose token, then shows the request waiting', async () => {
    let photo: Record<string, unknown> = { status: 'NONE' };
    stubFetch({
      'GET /api/on/verification': () => state(photo),
      'POST /api/on/verification/photo/start': POSE,
    });
    const xhr = installFakeXhr(() => {
      photo = { status: 'PENDING', pose: 'THUMBS_UP' };
      return { status: 200, body: JSON.stringify(photo) };
    });
    const user = userEvent.setup();
    renderPage('/mypage/verify-photo', <VerifyPhotoPage />);
    await user.click(await screen.findByRole('button', { name: '포즈 받고 시작하기' }));
    await user.upload(await screen.findByLabelText('사진 파일 고르기'), makeImageFile('me.jpg'));
    expect(screen.getByRole('img', { name: '찍은 인증 사진 미리보기' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '인증 요청 보내기' }));
    expect(await screen.findByText('인증 사진을 보냈어요. 운영자가 확인하고 있어요.')).toBeInTheDocument();
    const body = xhr.sent[0]?.body;
    expect(xhr.sent[0]?.url).toBe('/api/on/verification/photo');
    expect(body?.get('source')).toBe('UPLOAD');
    expect(body?.get('poseToken')).toBe(POSE.poseToken);
    expect((body?.get('selfie') as File).name).toBe('me.jpg');
    await waitFor(() => expect(screen.queryByRole('heading', { name: '이 포즈로 찍어 주세요' })).toBeNull());
  });

  it('shows the reason of a rejection and offers a new pose; a daily-limit answer is shown as is', async () => {
    stubFetch({
      'GET /api/on/verification': state({ status: 'REJECTED', reason: '포즈가 달라요', pose: 'V_SIGN' }),
      'POST /api/on/verification/photo/start': new Response(
        JSON.stringify({
          code: 'RATE_LIMITED',
          message: '사진 인증은 하루 5번까지 할 수 있어요. 내일(한국 시간 0시 이후) 다시 해 주세요.',
        }),
        { status: 429, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    const user = userEvent.setup();
    renderPage('/mypage/verify-photo', <VerifyPhotoPage />);
    expect(await screen.findByText('사유: 포즈가 달라요')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '새 포즈로 다시 하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('하루 5번까지');
  });

  it('names each camera failure', () => {
    expect(cameraErrorMessage(new DOMException('x', 'NotFoundError'))).toContain('카메라를 찾지 못했어요');
    expect(cameraErrorMessage(new DOMException('x', 'NotReadableError'))).toContain('다른 앱');
    expect(cameraErrorMessage(new Error('?'))).toContain('지원하지 않아요');
  });
});
