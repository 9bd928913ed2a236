// The build's route preload table (src/first-paint/route-preloads-plugin.ts) and chunk groups (build/chunks.ts):
// a route whose modules were merged into a shared file still preloads that file, and the groups
// never take a module the entry loads.
import { describe, expect, it } from 'vitest';
import { chunkGroups, staticClosure } from '../../build/chunks';
import { routePreloadsFor } from '../first-paint/route-preloads-plugin';

const chunk = (fileName: string, o: Partial<Parameters<typeof routePreloadsFor>[1][number]> = {}) => ({
  fileName,
  imports: [],
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  css: [],
  ...o,
});

describe('route preloads', () => {
  it('finds a route module inside a merged chunk (no facade) and follows its imports', () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, facadeModuleId: '/src/main.tsx', moduleIds: ['/src/main.tsx'] }),
      chunk('assets/query.js', { moduleIds: ['/src/app/query-layout.tsx', '/lib/query.js'] }),
      chunk('assets/public.js', {
        moduleIds: ['/src/open-frame.tsx', '/src/notices-page.tsx'],
        imports: ['assets/query.js', 'assets/index.js'],
        css: ['assets/public.css'],
      }),
      chunk('assets/home-page.js', { facadeModuleId: '/src/home-page.tsx', moduleIds: ['/src/home-page.tsx'] }),
    ];
    const table = routePreloadsFor(
      [
        { path: '/notices', modules: ['/src/app/query-layout.tsx', '/src/open-frame.tsx', '/src/notices-page.tsx'] },
        { path: '/main', modules: ['/src/app/query-layout.tsx', '/src/home-page.tsx'] },
      ],
      chunks,
      '/',
    );
    expect(table).toEqual([
      { path: '/notices', js: ['/assets/query.js', '/assets/public.js'], css: ['/assets/public.css'] },
      { path: '/main', js: ['/assets/query.js', '/assets/home-page.js'], css: [] },
    ]);
  });
});

describe('chunk groups', () => {
  // main → landing → react; frame → modal → react, radix; frame → feedback (lazy root's own code)
  const graph: Record<string, string[]> = {
    '/src/main.tsx': ['/src/landing.tsx', '/node_modules/react/index.js'],
    '/src/landing.tsx': ['/node_modules/react/index.js'],
    '/node_modules/react/index.js': [],
    '/src/frame.tsx': ['/src/modal.tsx', '/src/landing.tsx', '/node_modules/react/index.js'],
    '/src/modal.tsx': ['/node_modules/@radix-ui/dialog.js'],
    '/node_modules/@radix-ui/dialog.js': ['/node_modules/react/index.js'],
    '/src/page.tsx': [],
  };
  const ctx = { getModuleInfo: (id: string) => (graph[id] ? { id, importedIds: graph[id] } : null) };

  it('walks static imports', () => {
    expect([...staticClosure(['/src/modal.tsx'], ctx)].sort()).toEqual([
      '/node_modules/@radix-ui/dialog.js',
      '/node_modules/react/index.js',
      '/src/modal.tsx',
    ]);
  });

  it('names the frame’s libraries and code, leaves the entry’s modules and unrelated pages alone', () => {
    const groups = chunkGroups('/src/main.tsx', [
      { name: 'vendor', roots: ['/src/frame.tsx'], only: 'libraries' },
      { name: 'frame', roots: ['/src/frame.tsx'], only: 'sources' },
    ]);
    const [vendor, frame] = groups;
    const name = (g: (typeof groups)[number] | undefined, id: string) => g?.name(id, ctx) ?? null;
    expect(name(vendor, '/node_modules/@radix-ui/dialog.js')).toBe('vendor');
    expect(name(vendor, '/node_modules/react/index.js')).toBeNull(); // the entry loads it
    expect(name(vendor, '/src/modal.tsx')).toBeNull();
    expect(name(frame, '/src/modal.tsx')).toBe('frame');
    expect(name(frame, '/src/frame.tsx')).toBe('frame');
    expect(name(frame, '/src/landing.tsx')).toBeNull(); // the entry loads it
    expect(name(frame, '/src/page.tsx')).toBeNull();
    expect(name(frame, '\0vite/preload-helper.js')).toBeNull();
    expect(vendor!.priority).toBeGreaterThan(frame!.priority);
  });

  it('a shared group takes what its pages import and leaves each page its own file', () => {
    const [frame, member] = chunkGroups('/src/main.tsx', [
      { name: 'frame', roots: ['/src/frame.tsx'], only: 'sources' },
      { name: 'member', roots: ['/src/page.tsx', '/src/frame.tsx'], shared: true },
    ]);
    expect(member!.name('/src/page.tsx', ctx)).toBeNull(); // a root: the page keeps its file
    expect(member!.name('/src/frame.tsx', ctx)).toBeNull();
    expect(member!.name('/node_modules/@radix-ui/dialog.js', ctx)).toBe('member'); // libraries too
    expect(member!.name('/src/modal.tsx', ctx)).toBe('member'); // the frame group, earlier, wins it
    expect(frame!.name('/src/modal.tsx', ctx)).toBe('frame');
    expect(frame!.priority).toBeGreaterThan(member!.priority);
    expect(member!.name('/node_modules/react/index.js', ctx)).toBeNull(); // the entry loads it
  });
});
