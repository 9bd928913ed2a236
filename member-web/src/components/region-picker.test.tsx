import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REGIONS } from '@contract/regions';
import { RegionPicker, type RegionChoice } from './region-picker';

function Harness({ onChange }: { onChange: (c: RegionChoice | null) => void }) {
  const [value, setValue] = useState<RegionChoice | null>(null);
  return (
    <RegionPicker
      value={value}
      onChange={(c) => {
        setValue(c);
        onChange(c);
      }}
    />
  );
}

describe('offline region picker', () => {
  it('lists every 시/도 and gives the district centroid with a "<시/도> <시/군/구>" address', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const city = screen.getByRole('combobox', { name: '시/도' });
    expect(screen.getByRole('combobox', { name: '시/군/구' })).toBeDisabled();
    expect(city.querySelectorAll('option')).toHaveLength(REGIONS.length + 1);

    await user.selectOptions(city, '부산광역시');
    await user.selectOptions(screen.getByRole('combobox', { name: '시/군/구' }), '해운대구');
    const busan = REGIONS.find((p) => p.name === '부산광역시');
    const haeundae = busan?.districts.find((d) => d.name === '해운대구');
    expect(onChange).toHaveBeenLastCalledWith({
      city: '부산광역시',
      district: '해운대구',
      address: '부산광역시 해운대구',
      lat: haeundae?.lat,
      lng: haeundae?.lng,
    });
  });

  it('clears the choice when the 시/도 changes', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.selectOptions(screen.getByRole('combobox', { name: '시/도' }), '서울특별시');
    await user.selectOptions(screen.getByRole('combobox', { name: '시/군/구' }), '강남구');
    await user.selectOptions(screen.getByRole('combobox', { name: '시/도' }), '제주특별자치도');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox', { name: '시/군/구' })).toHaveValue('');
  });

  it('offers the address search only when a maps key is configured', () => {
    const { unmount } = render(<Harness onChange={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '주소로 찾기' })).not.toBeInTheDocument();
    unmount();
    window.__ONGI_CONFIG__ = { kakaoMapsKey: 'test-key' };
    try {
      render(<Harness onChange={vi.fn()} />);
      expect(screen.getByRole('button', { name: '주소로 찾기' })).toBeInTheDocument();
    } finally {
      delete window.__ONGI_CONFIG__;
    }
  });
});
