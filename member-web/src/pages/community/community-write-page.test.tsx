import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { CommunityEditPage } from './community-edit-page';
import { CommunityWritePage } from './community-write-page';

const renderWrite = (at: string) => renderPage('/communityWrite', <CommunityWritePage />, { at });

describe('community write page', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('starts with the category of the tab it was opened from', () => {
    renderWrite('/communityWrite?category=COURSE');
    expect(screen.getByRole('radio', { name: '데이트 코스 추천' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '자유' })).not.toBeChecked();
  });

  it('starts without a category when none (or an unknown one) is given', () => {
    renderWrite('/communityWrite?category=NOPE');
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });
});

describe('community edit page', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('says 삭제된 글이에요 when the post is gone (404)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse({ code: 'POST_NOT_FOUND', message: '없어요' }, 404)));
    renderPage('/community/edit/:id', <CommunityEditPage />, { at: '/community/edit/12' });
    expect(await screen.findByRole('alert')).toHaveTextContent('삭제된 글이에요');
  });
});
