// The contract the Worker and both SPAs share: enums, limits, Korean messages, request schemas and
// response shapes (SPAs import it as `@contract/<file>`).
//
// Naming: a topic whose request schemas need zod, while its pages only need its numbers, labels and
// shapes, is split in two files. `<topic>.ts` holds the zod schemas and re-exports
// `<topic>-core.ts`, the zod-free half (limits, labels, messages, response types, small pure
// functions) that a page imports so it does not load the validator: `matching-core.ts`,
// `profile-details-core.ts`, `admin-core.ts`. Every other file is one topic, zod or not; the zod
// field builders the schemas share (`text-schema.ts` over the zod-free `text.ts`,
// `bounded-array.ts`) are helpers, not halves. A `-core` file never imports zod.
export * from './enums';
export * from './limits';
export * from './text';
export * from './numbers';
export * from './text-schema';
export * from './messages';
export * from './auth';
export * from './age';
export * from './regions';
export * from './admin';
export * from './mypage';
export * from './feedback';
export * from './notices';
export * from './profiles';
export * from './profile-details';
export * from './reports';
export * from './chat';
export * from './community';
export * from './matching';
export * from './location';
export * from './push';
export * from './notifications';
export * from './today';
