// The first setup file. The suite runs without per-file isolation (vitest.config.ts `isolate: false`:
// one jsdom and one worker for many files, about 80 s off CI), and Vitest then keeps the app's
// modules evaluated from one file to the next: a component imported by an earlier file would keep
// that file's `vi.mock` doubles (and a store its state). Every file starts from freshly evaluated
// app modules instead; packages under node_modules (React, jsdom) are loaded once and shared.
import { vi } from 'vitest';

vi.resetModules();
