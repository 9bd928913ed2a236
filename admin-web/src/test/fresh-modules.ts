// The first setup file. The suite runs without per-file isolation (vitest.config.ts `isolate: false`:
// one jsdom and one worker for many files), and Vitest then keeps the app's modules evaluated from
// one file to the next: a module's state (or an earlier file's `vi.mock` doubles) would carry over.
// Every file starts from freshly evaluated app modules instead; packages under node_modules
// (React, react-admin, MUI, jsdom) are loaded once and shared.
import { vi } from 'vitest';

vi.resetModules();
