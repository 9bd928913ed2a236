// The ~1 km grid (issue 11): snapping is idempotent, keeps the region list's centroids, and the
// SQL that snaps existing rows (migration) and compares cells (nearby) agrees with JS bit for bit.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../src/contract/regions';
import { CELLS_PER_DEGREE, snapToCell } from '../../src/areas/location/grid';
import { judgePlace } from '../../src/areas/location/place';
import { distanceKm } from '../../src/areas/matching/scoring';

/** Deterministic points across Korea, plus values sitting right on and next to cell edges. */
function samplePoints(): { lat: number; lng: number }[] {
  let s = 12345;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const points = Array.from({ length: 300 }, () => ({ lat: 33 + next() * 6, lng: 124 + next() * 8 }));
  for (let k = 0; k < 50; k++) {
    points.push({ lat: 37.555 + k / 100, lng: 126.99375 + k / 80 }); // exactly on the edges
    points.push({ lat: 37.555 + k / 100 - 1e-12, lng: 126.99375 + k / 80 + 1e-12 });
  }
  return points;
}

describe('grid cells', () => {
  it('snaps to a centre at most half a cell away, and a centre snaps to itself', () => {
    for (const p of samplePoints()) {
      const c = snapToCell(p);
      expect(Math.abs(c.lat - p.lat)).toBeLessThanOrEqual(0.5 / CELLS_PER_DEGREE.lat + 1e-12);
      expect(Math.abs(c.lng - p.lng)).toBeLessThanOrEqual(0.5 / CELLS_PER_DEGREE.lng + 1e-12);
      expect(snapToCell(c)).toEqual(c);
    }
  });

  it('keeps every district centroid where it is in latitude and within the cell in longitude', () => {
    for (const d of REGIONS.flatMap((p) => p.districts)) {
      expect(snapToCell(d).lat).toBe(d.lat);
      expect(distanceKm(d, snapToCell(d))).toBeLessThan(0.6);
    }
  });

  it('cells are about 1 km across everywhere in Korea', () => {
    for (const lat of [33.1, 36, 38.6]) {
      const a = snapToCell({ lat, lng: 127 });
      const east = snapToCell({ lat, lng: 127 + 1 / CELLS_PER_DEGREE.lng });
      const north = snapToCell({ lat: lat + 1 / CELLS_PER_DEGREE.lat, lng: 127 });
      for (const b of [east, north]) {
        expect(distanceKm(a, b)).toBeGreaterThan(1.05);
        expect(distanceKm(a, b)).toBeLessThan(1.2);
      }
    }
  });

  it('the migration that snaps existing rows gives exactly what the Worker stores', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('snap_locations_to_grid'));
    expect(migration).toBeDefined();
    const points = samplePoints();
    await env.DB.exec('CREATE TABLE IF NOT EXISTS grid_probe (id INTEGER PRIMARY KEY, lat REAL, lng REAL)');
    await env.DB.batch(
      points.map((p, i) =>
        env.DB.prepare('INSERT INTO grid_probe (id, lat, lng) VALUES (?, ?, ?)').bind(i, p.lat, p.lng),
      ),
    );
    // The migration's own statements, pointed at the scratch table instead of members.
    const statements = (migration?.queries ?? []).filter((q) => /UPDATE members\b/.test(q));
    expect(statements).toHaveLength(1);
    for (const q of statements) await env.DB.prepare(q.replace(/UPDATE members\b/, 'UPDATE grid_probe')).run();
    const { results } = await env.DB.prepare('SELECT id, lat, lng FROM grid_probe ORDER BY id').all<{
      id: number;
      lat: number;
      lng: number;
    }>();
    expect(results).toHaveLength(points.length);
    for (const row of results) expect({ lat: row.lat, lng: row.lng }).toEqual(snapToCell(points[row.id] ?? row));
  });
});

describe('coordinates against the chosen district', () => {
  it('accepts every district’s own centroid and a point 3 km off it', () => {
    for (const p of REGIONS) {
      for (const d of p.districts) {
        expect(judgePlace(p.name, d.name, d), `${p.name} ${d.name}`).toBe('ok');
        expect(judgePlace(p.short, d.name, { lat: d.lat + 0.027, lng: d.lng }), `${p.short} ${d.name}`).toBe('ok');
      }
    }
  });

  it('refuses another province’s coordinates and names it does not know', () => {
    expect(judgePlace('부산광역시', '해운대구', { lat: 37.56, lng: 126.97 })).toBe('outside');
    expect(judgePlace('제주특별자치도', '제주시', { lat: 35.16, lng: 129.16 })).toBe('outside');
    expect(judgePlace('경상북도', '울릉군', { lat: 36.99, lng: 129.4 })).toBe('outside'); // 울진군
    expect(judgePlace('서울', '없는구', { lat: 35.16, lng: 129.16 })).toBe('outside');
    expect(judgePlace('서울', '없는구', { lat: 37.56, lng: 126.97 })).toBe('ok');
    expect(judgePlace('아틀란티스', '중구', { lat: 37.56, lng: 126.97 })).toBe('unknown-province');
  });
});
