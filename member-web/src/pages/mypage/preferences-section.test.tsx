import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { stubFetch } from './fetch-stub';
import { PreferencesSection } from './preferences-section';

const prefs = { ageMin: 25, ageMax: 32, maxDistanceKm: 20, allowedAgeMin: 20, allowedAgeMax: 40 };

describe('추천 조건 (docs/matching.md "Preferences both ways")', () => {
  beforeEach(() => localStorage.setItem('accessToken', 'member-token'));

  it('shows the saved range in 만 나이 and the distance, and saves 전국 as null', async () => {
    const api = stubFetch({
      'GET /api/on/mypage/matching-preferences': prefs,
      'PUT /api/on/mypage/matching-preferences': (req) => ({
        ...(req.json as object),
        allowedAgeMin: 20,
        allowedAgeMax: 40,
      }),
    });
    const user = userEvent.setup();
    renderPage('/mypage', <PreferencesSection />);
    const min = await screen.findByRole('combobox', { name: '최소 나이' });
    expect(min).toHaveDisplayValue('만 25세');
    // Only ages inside the allowed window are offered.
    expect(screen.getAllByRole('option', { name: /만 \d+세/ })[0]).toHaveTextContent('만 20세');
    const distance = screen.getByRole('slider', { name: '최대 거리' });
    expect(distance).toHaveAttribute('aria-valuetext', '20km 이내');
    fireEvent.change(distance, { target: { value: distance.getAttribute('max') } });
    expect(distance).toHaveAttribute('aria-valuetext', '전국');
    await user.selectOptions(screen.getByRole('combobox', { name: '최대 나이' }), '제한 없음');
    // 인증된 회원만 보기 (docs/trust.md "Verified photos"): off until turned on, saved with the rest.
    const verifiedOnly = screen.getByRole('switch', { name: /인증된 회원만 보기/ });
    expect(verifiedOnly).not.toBeChecked();
    await user.click(verifiedOnly);
    await user.click(screen.getByRole('button', { name: '추천 조건 저장하기' }));
    await waitFor(() => expect(api.callsTo('PUT /api/on/mypage/matching-preferences')).toHaveLength(1));
    expect(api.callsTo('PUT /api/on/mypage/matching-preferences')[0]?.json).toEqual({
      ageMin: 25,
      ageMax: null,
      maxDistanceKm: null,
      verifiedOnly: true,
    });
    expect(await screen.findByText('추천 조건을 저장했어요')).toBeInTheDocument();
  });

  it('does not save a minimum above the maximum', async () => {
    const api = stubFetch({ 'GET /api/on/mypage/matching-preferences': prefs });
    const user = userEvent.setup();
    renderPage('/mypage', <PreferencesSection />);
    await user.selectOptions(await screen.findByRole('combobox', { name: '최소 나이' }), '만 35세');
    await user.click(screen.getByRole('button', { name: '추천 조건 저장하기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('최소 나이가 최대 나이보다 많을 수 없어요.');
    expect(api.callsTo('PUT /api/on/mypage/matching-preferences')).toHaveLength(0);
  });
});
