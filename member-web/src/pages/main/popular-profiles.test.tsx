import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { renderPage } from '../../test/render';
import { stubMatchingFetch } from '../random-matching/matching-fetch-stub';
import { PopularProfiles } from './popular-profiles';

describe('home: popular profiles', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows this week’s top 3 from the server, each opening its profile', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/popular': [
        {
          memberId: 5,
          name: '서연',
          age: 27,
          location: '서울 강남구',
          interests: ['여행'],
          mainImageUrl: null,
          hearts: 12,
        },
        { memberId: 6, name: '민준', age: 29, location: '부산 해운대구', interests: [], mainImageUrl: null, hearts: 9 },
      ],
    });
    renderPage('/main', <PopularProfiles />);
    expect(await screen.findByRole('heading', { name: '서연 27세' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('마음 12개')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '민준님 프로필 보기' })).toBeInTheDocument();
    expect(screen.queryByText('하늘')).not.toBeInTheDocument();
  });

  it('never shows made-up members: an empty week says so', async () => {
    stubMatchingFetch({ 'GET /api/on/matching/popular': [] });
    renderPage('/main', <PopularProfiles />);
    expect(
      await screen.findByText(/아직 이번 주에 마음을 받은 분이 없어요/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/하늘|지우|도윤|1,284/);
  });

  it('a failed call says so and offers to try again, with no one in their place', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/popular': jsonResponse({ code: 'UNAVAILABLE', message: '잠시 후' }, 503),
    });
    renderPage('/main', <PopularProfiles />);
    expect(await screen.findByText('인기 프로필을 불러오지 못했어요.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 불러오기' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
