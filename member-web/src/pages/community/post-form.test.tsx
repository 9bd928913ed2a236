import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_KO, type CommunityPost } from '@contract/community';
import { PROFILE_CONTACT_CODE, PROFILE_CONTACT_KO } from '@contract/safety/member-limits';
import { installFakeXhr, type FakeXhr } from '../../test/fake-xhr';
import { makeImageFile } from '../../test/factories';
import { PostForm } from './post-form';

const saved: CommunityPost = {
  id: 42,
  category: 'REVIEW',
  title: '첫 만남 후기',
  content: '정말 즐거웠어요',
  createdAt: '2026-11-22T06:04:00Z',
  views: 0,
  likes: 0,
  commentsCount: 0,
  imageUrl: '/media/posts/abcdefghijklmnop.png',
  writerId: 7,
  writerName: '김온기',
  writerProfileImageUrl: null,
};

const reply = (status: number, body: unknown) => () => ({ status, body: JSON.stringify(body) });

async function requestOf(xhr: FakeXhr | undefined): Promise<Record<string, unknown>> {
  const part = xhr?.body?.get('request');
  if (!(part instanceof Blob)) throw new Error('no request part');
  return JSON.parse(await part.text()) as Record<string, unknown>;
}

function setup(props: Partial<Parameters<typeof PostForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(<PostForm onSaved={onSaved} onCancel={() => undefined} {...props} />);
  return { onSaved, user: userEvent.setup() };
}

describe('post form rules', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows every message of docs/product-spec.md §5 on the client and sends nothing', async () => {
    const xhr = installFakeXhr();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    expect(await screen.findByText(COMMUNITY_KO.categoryRequired)).toBeInTheDocument();
    expect(screen.getByText(COMMUNITY_KO.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(COMMUNITY_KO.contentTooShort)).toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);
  });

  it('counts content after trimming (4 letters in spaces are too short) and limits title and content', async () => {
    installFakeXhr();
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: '후기' }));
    await user.click(screen.getByLabelText('제목'));
    await user.paste('가'.repeat(121));
    await user.type(screen.getByLabelText('내용'), '   넷넷넷넷   ');
    expect(screen.getByText('4 / 5000')).toBeInTheDocument();
    expect(screen.getByText('121 / 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    expect(await screen.findByText(COMMUNITY_KO.titleTooLong)).toBeInTheDocument();
    expect(screen.getByText(COMMUNITY_KO.contentTooShort)).toBeInTheDocument();
    expect(screen.queryByText(COMMUNITY_KO.categoryRequired)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('내용'));
    await user.paste('가'.repeat(5000));
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    expect(await screen.findByText(COMMUNITY_KO.contentTooLong)).toBeInTheDocument();
  });

  it('sends the request part and the picture, shows progress and hands back the saved post', async () => {
    const xhr = installFakeXhr(reply(200, saved));
    const { user, onSaved } = setup();
    await user.click(screen.getByRole('radio', { name: '후기' }));
    await user.type(screen.getByLabelText('제목'), '첫 만남 후기');
    await user.type(screen.getByLabelText('내용'), '  정말 즐거웠어요  ');
    await user.upload(screen.getByLabelText('사진 고르기'), makeImageFile('cafe.png', 'image/png'));
    expect(await screen.findByRole('img', { name: '올릴 사진 미리보기' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const sent = xhr.sent[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/on/community/posts');
    expect(sent?.requestHeaders.Authorization).toBe('Bearer member-token');
    expect(await requestOf(sent)).toEqual({ category: 'REVIEW', title: '첫 만남 후기', content: '정말 즐거웠어요' });
    expect(sent?.body?.get('image')).toBeInstanceOf(File);
  });

  it('refuses a GIF or HEIC picture, naming the accepted types, and sends none', async () => {
    const xhr = installFakeXhr(reply(200, saved));
    const user = userEvent.setup({ applyAccept: false });
    render(<PostForm onSaved={vi.fn()} onCancel={() => undefined} />);
    const input = screen.getByLabelText('사진 고르기');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    for (const file of [makeImageFile('funny.gif', 'image/gif'), makeImageFile('IMG_1.HEIC', 'image/heic')]) {
      await user.upload(input, file);
      expect(await screen.findByText('JPG, PNG 사진만 올릴 수 있어요.')).toBeInTheDocument();
    }
    expect(screen.queryByRole('img', { name: '올릴 사진 미리보기' })).not.toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);
  });

  it('shows a refused contact handle at the title and the content (docs/safety.md)', async () => {
    installFakeXhr(
      reply(400, {
        code: PROFILE_CONTACT_CODE,
        message: PROFILE_CONTACT_KO,
        fields: { title: PROFILE_CONTACT_KO, content: PROFILE_CONTACT_KO },
      }),
    );
    const { user, onSaved } = setup();
    await user.click(screen.getByRole('radio', { name: '자유' }));
    await user.type(screen.getByLabelText('제목'), '카톡 아이디 알려드려요');
    await user.type(screen.getByLabelText('내용'), 'open.kakao.com/o/abc 로 오세요');
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByLabelText('제목')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('내용')).toHaveAttribute('aria-invalid', 'true');
    // At each field, and in the error box.
    expect(screen.getAllByText(PROFILE_CONTACT_KO)).toHaveLength(3);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's Korean message in the error box, or the fallback", async () => {
    installFakeXhr(reply(429, { code: 'RATE_LIMITED', message: COMMUNITY_KO.tooManyPosts }));
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: '자유' }));
    await user.type(screen.getByLabelText('제목'), '안녕하세요');
    await user.type(screen.getByLabelText('내용'), '반가워요 여러분');
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMUNITY_KO.tooManyPosts);

    installFakeXhr(() => ({ status: 502, body: '<html>bad gateway</html>', contentType: 'text/html' }));
    await user.click(screen.getByRole('button', { name: '등록하기' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('등록 중에 오류가 발생했어요'));
  });

  it('edits with PUT, keeps the picture unless removed, and says 수정 중에 오류가 발생했어요 on failure', async () => {
    const xhr = installFakeXhr(reply(200, saved));
    const { user, onSaved } = setup({ editing: saved });
    expect(screen.getByRole('radio', { name: '후기' })).toBeChecked();
    expect(screen.getByLabelText('제목')).toHaveValue('첫 만남 후기');
    expect(screen.getByRole('img', { name: '올릴 사진 미리보기' })).toHaveAttribute('src', saved.imageUrl);
    await user.click(screen.getByRole('button', { name: '수정하기' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(xhr.sent[0]?.method).toBe('PUT');
    expect(xhr.sent[0]?.url).toBe('/api/on/community/posts/42');
    expect(await requestOf(xhr.sent[0])).not.toHaveProperty('removeImage');

    await user.click(screen.getByRole('button', { name: '사진 빼기' }));
    await user.click(screen.getByRole('button', { name: '수정하기' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    expect(await requestOf(xhr.sent[1])).toMatchObject({ removeImage: true });

    installFakeXhr(() => ({ status: 500, body: '', contentType: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: '수정하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('수정 중에 오류가 발생했어요');
  });
});
