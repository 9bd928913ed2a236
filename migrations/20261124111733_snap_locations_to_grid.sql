-- Issue 11: store only the ~1 km cell of every position (worker/src/areas/location/grid.ts).
-- Cell centre = CAST(v * cellsPerDegree + 0.5 AS INTEGER) / cellsPerDegree, with 100 cells per
-- degree of latitude and 80 per degree of longitude: the same floating-point steps as
-- snapDegrees() in JS, so rows snapped here equal rows the Worker snaps (and snapping is idempotent).
UPDATE members
SET lat = CAST(lat * 100 + 0.5 AS INTEGER) * 1.0 / 100,
    lng = CAST(lng * 80 + 0.5 AS INTEGER) * 1.0 / 80
WHERE lat IS NOT NULL AND lng IS NOT NULL;
--> statement-breakpoint
UPDATE signup_sessions
SET lat = CAST(lat * 100 + 0.5 AS INTEGER) * 1.0 / 100,
    lng = CAST(lng * 80 + 0.5 AS INTEGER) * 1.0 / 80
WHERE lat IS NOT NULL AND lng IS NOT NULL;
