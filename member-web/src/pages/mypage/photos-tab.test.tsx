import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeXhr } from '../../test/fake-xhr';
import { makeImageFile } from '../../test/factories';
import { renderPage } from '../../test/render';
import { failWith, stubFetch } from './fetch-stub';
import { PhotosTab } from './photos-tab';

const MAIN = { url: '/media/profiles/main.jpg', role: 'MAIN' };
const SUB = { url: '/media/profiles/sub.jpg', role: 'SUB' };

describe('my page photos (one main and two sub slots)', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows the main photo and two sub slots from the server', async () => {
    stubFetch({ 'GET /api/on/mypage/profile-images': [MAIN, SUB] });
    renderPage('/mypage', <PhotosTab />);
    expect(await screen.findByRole('img', { name: '내 대표 사진' })).toHaveAttribute('src', MAIN.url);
    expect(screen.getByRole('img', { name: '내 추가 사진 1' })).toHaveAttribute('src', SUB.url);
    expect(screen.getByLabelText('사진 올리기 (추가 사진 2)')).toBeInTheDocument();
  });

  it('uploads a main photo with progress (mainImage + two empty subImages parts) and shows what the server returns', async () => {
    stubFetch({ 'GET /api/on/mypage/profile-images': [] });
    const xhr = installFakeXhr(() => ({ status: 200, body: JSON.stringify([MAIN]) }));
    const user = userEvent.setup();
    renderPage('/mypage', <PhotosTab />);
    await user.upload(await screen.findByLabelText('사진 올리기 (대표 사진)'), makeImageFile('me.jpg'));

    expect(await screen.findByText('사진을 올렸어요!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '내 대표 사진' })).toHaveAttribute('src', MAIN.url);
    const [sent] = xhr.sent;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/on/mypage/profile-images');
    expect(sent?.requestHeaders.Authorization).toBe('Bearer member-token');
    expect((sent?.body?.get('mainImage') as File).name).toBe('me.jpg');
    expect(sent?.body?.getAll('subImages')).toEqual(['', '']);
  });

  it('puts a sub photo in its own slot and keeps the other slots', async () => {
    stubFetch({ 'GET /api/on/mypage/profile-images': [MAIN] });
    const xhr = installFakeXhr(() => ({ status: 200, body: JSON.stringify([MAIN, SUB]) }));
    const user = userEvent.setup();
    renderPage('/mypage', <PhotosTab />);
    await user.upload(await screen.findByLabelText('사진 올리기 (추가 사진 2)'), makeImageFile('two.jpg'));
    await screen.findByText('사진을 올렸어요!');
    const body = xhr.sent[0]?.body;
    expect(body?.get('mainImage')).toBeNull();
    const subs = body?.getAll('subImages') ?? [];
    expect(subs[0]).toBe('');
    expect((subs[1] as File).name).toBe('two.jpg');
  });

  it('refuses a file that is not an image before uploading', async () => {
    stubFetch({ 'GET /api/on/mypage/profile-images': [] });
    const xhr = installFakeXhr();
    const user = userEvent.setup({ applyAccept: false });
    renderPage('/mypage', <PhotosTab />);
    await user.upload(
      await screen.findByLabelText('사진 올리기 (대표 사진)'),
      makeImageFile('notes.txt', 'text/plain'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('JPG, PNG 사진만 올릴 수 있어요.');
    expect(xhr.sent).toHaveLength(0);
  });

  it('refuses a GIF or HEIC photo before uploading, naming the accepted types', async () => {
    stubFetch({ 'GET /api/on/mypage/profile-images': [] });
    const xhr = installFakeXhr();
    const user = userEvent.setup({ applyAccept: false });
    renderPage('/mypage', <PhotosTab />);
    const input = await screen.findByLabelText('사진 올리기 (대표 사진)');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    for (const file of [makeImageFile('funny.gif', 'image/gif'), makeImageFile('IMG_1.HEIC', 'image/heic')]) {
      await user.upload(input, file);
      expect(screen.getByRole('alert')).toHaveTextContent('JPG, PNG 사진만 올릴 수 있어요.');
    }
    expect(xhr.sent).toHaveLength(0);
  });

  it('deletes the main photo only after confirmation and says a sub photo became the main one', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/profile-images': [MAIN, SUB],
      'DELETE /api/on/mypage/profile-images': [{ url: SUB.url, role: 'MAIN' }],
    });
    const user = userEvent.setup();
    renderPage('/mypage', <PhotosTab />);
    await user.click(await screen.findByRole('button', { name: '대표 사진 삭제하기' }));
    const confirm = screen.getByRole('dialog', { name: '이 사진을 삭제할까요?' });
    expect(callsTo('DELETE /api/on/mypage/profile-images')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: '삭제하기' }));

    expect(await screen.findByText('사진을 삭제하고, 추가 사진을 대표 사진으로 바꿨어요')).toBeInTheDocument();
    expect(callsTo('DELETE /api/on/mypage/profile-images')[0]?.query.get('url')).toBe(MAIN.url);
    expect(screen.getByRole('img', { name: '내 대표 사진' })).toHaveAttribute('src', SUB.url);
    expect(screen.queryByRole('img', { name: '내 추가 사진 1' })).not.toBeInTheDocument();
  });

  it('keeps the photo and says 사진을 삭제하지 못했어요 when deletion fails; 취소 deletes nothing', async () => {
    const { callsTo } = stubFetch({
      'GET /api/on/mypage/profile-images': [MAIN],
      'DELETE /api/on/mypage/profile-images': () => failWith(500),
    });
    const user = userEvent.setup();
    renderPage('/mypage', <PhotosTab />);
    await user.click(await screen.findByRole('button', { name: '대표 사진 삭제하기' }));
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(callsTo('DELETE /api/on/mypage/profile-images')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '대표 사진 삭제하기' }));
    await user.click(screen.getByRole('button', { name: '삭제하기' }));
    expect(await screen.findByText('사진을 삭제하지 못했어요')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '내 대표 사진' })).toBeInTheDocument();
  });
});
