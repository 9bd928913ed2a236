export * from './enums';
export * from './limits';
export * from './messages';
export * from './auth';
export * from './age';
export * from './regions';
export * from './admin';
