import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { stubMatchingFetch } from '../random-matching/matching-fetch-stub';
import { LocationMatchingPage } from './location-matching-page';

const person = (memberId: number, distanceKm: number) => ({
  memberId,
  name: `이웃${memberId}`,
  age: 30,
  location: '서울 마포구',
  distanceKm,
  interests: ['운동'],
  mainImageUrl: null,
});

function open() {
  return renderPage('/location/matching', <LocationMatchingPage />, { probes: ['/location'] });
}

describe('location-based matching', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('sends a member without a location to /location', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/status': { matchingEnabled: true, hasLocation: false, resumePage: 0 },
    });
    open();
    expect(await screen.findByTestId('location')).toHaveTextContent('/location');
    expect(screen.getByText('가까운 사람을 보려면 먼저 내 위치를 저장해 주세요.')).toBeInTheDocument();
  });

  it('lists people by distance in whole km, and asks again when the radius changes', async () => {
    const api = stubMatchingFetch({
      'GET /api/on/matching/status': { matchingEnabled: true, hasLocation: true, resumePage: 0 },
      'GET /api/on/matching/nearby': (call) =>
        call.query.get('radiusKm') === '30'
          ? { content: [person(1, 0), person(2, 6), person(3, 22)], last: true }
          : { content: [person(1, 0), person(2, 6)], last: true },
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('button', { name: /^이웃1 / })).toHaveTextContent('1km 이내');
    expect(screen.getByRole('button', { name: /^이웃2 / })).toHaveTextContent('6km');
    expect(api.to('GET /api/on/matching/nearby')[0]?.query.get('radiusKm')).toBe('10');
    await user.click(screen.getByRole('radio', { name: '30km 이내' }));
    expect(await screen.findByRole('button', { name: /^이웃3 / })).toHaveTextContent('22km');
    await waitFor(() => expect(api.to('GET /api/on/matching/nearby').at(-1)?.query.get('radiusKm')).toBe('30'));
  });

  it('suggests a wider radius when nobody is near', async () => {
    stubMatchingFetch({
      'GET /api/on/matching/status': { matchingEnabled: true, hasLocation: true, resumePage: 0 },
      'GET /api/on/matching/nearby': { content: [], last: true },
    });
    open();
    expect(await screen.findByText(/거리를 넓혀 보세요/)).toBeInTheDocument();
  });
});
